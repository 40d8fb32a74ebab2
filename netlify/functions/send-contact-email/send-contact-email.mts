import type { Config } from "@netlify/functions";
import { mailAddresses } from "../../lib/mail";
import { mailerFromEnv } from "../../lib/mailer";
import { openRequestStore, RequestStore } from "../../lib/request-store";
// Written by the Gatsby build from content/ (see gatsby-node.ts), so form and function offer the same choices.
import formOptions from "./form-options.json";
import { createHandler } from "./handler";

const env = process.env;
const originOf = (url: string | undefined) => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

export default createHandler({
  choices: formOptions,
  mailer: mailerFromEnv(env),
  store: () => new RequestStore(openRequestStore()),
  addresses: mailAddresses(env, formOptions.recipient),
  phone: formOptions.phone,
  // Netlify sets URL, DEPLOY_URL and DEPLOY_PRIME_URL; SITE_URL is ours (README).
  allowedOrigins: [env.URL, env.DEPLOY_URL, env.DEPLOY_PRIME_URL, env.SITE_URL].flatMap(originOf),
});

export const config: Config = {
  path: "/api/send-contact-email",
  // Netlify counts requests per visitor IP on this site: 10 a minute is far more than a person sends.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
