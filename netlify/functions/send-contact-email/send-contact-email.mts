import type { Config, Context } from "@netlify/functions";
import { addressesFromContext, contactSetup } from "../../../src/contact-request/functions/contact-setup";
import { openRequestStore } from "../../../src/contact-request/functions/request-store";
// Written by the Gatsby build from content/ (see gatsby-node.ts), so form and function offer the same choices.
import formOptions from "./form-options.json";
import { createHandler } from "../../../src/contact-request/functions/handler";
import { RequestAlerts } from "../../../src/contact-request/functions/push";

const env = process.env;
const originOf = (url: string | undefined) => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/** One handler per deploy context, made on its first request: the context decides the store, the mailer and the recipient. */
const handlers = new Map<string, ReturnType<typeof createHandler>>();

function handlerFor(context: Context) {
  const deployContext = context.deploy?.context;
  const key = deployContext ?? "";
  let handler = handlers.get(key);
  if (!handler) {
    const setup = contactSetup(deployContext, addressesFromContext(env, context), formOptions.recipient);
    handler = createHandler({
      choices: formOptions,
      mailer: setup.mailer,
      store: () => openRequestStore(setup.storeName),
      addresses: setup.addresses,
      phone: formOptions.phone,
      limits: setup.limits,
      // Netlify sets URL, DEPLOY_URL and DEPLOY_PRIME_URL; SITE_URL is ours (README).
      allowedOrigins: [env.URL, env.DEPLOY_URL, env.DEPLOY_PRIME_URL, env.SITE_URL].flatMap(originOf),
      alerts: setup.push && new RequestAlerts(setup.push),
      clock: formOptions.clock,
      emergencyPhone: formOptions.emergencyPhone,
      openingHours: formOptions.openingHours,
    });
    handlers.set(key, handler);
  }
  return handler;
}

export default (request: Request, context: Context) =>
  handlerFor(context)(request, { clientAddress: context.ip, finishLater: (work) => context.waitUntil(work) });

export const config: Config = {
  path: "/api/send-contact-email",
  // Netlify counts requests per visitor IP on this site: 10 a minute is far more than a person sends.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
