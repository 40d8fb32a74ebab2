import type { Config, Context } from "@netlify/functions";
import { addressesFromContext, contactSetup } from "../../../src/contact-request/functions/contact-setup";
import { openRequestStore } from "../../../src/contact-request/functions/request-store";
import { createRequestPageHandler } from "../../../src/contact-request/functions/request-page";
import { RequestAlerts } from "../../../src/contact-request/functions/push";
// Written by the Gatsby build from content/ (see gatsby-node.ts).
import formOptions from "../send-contact-email/form-options.json";

/** A request's page for the contractor, at the signed link its mails give (docs/contact-requests.md, "The request page"). */
const handlers = new Map<string, ReturnType<typeof createRequestPageHandler>>();

export default (request: Request, context: Context) => {
  const key = context.deploy?.context ?? "";
  let handler = handlers.get(key);
  if (!handler) {
    const setup = contactSetup(context.deploy?.context, addressesFromContext(process.env, context), formOptions.recipient);
    handler = createRequestPageHandler({
      store: () => openRequestStore(setup.storeName),
      secret: setup.addresses.pages?.secret ?? null,
      pagesRefused: setup.pagesRefused,
      clock: formOptions.clock,
      alerts: setup.push ? new RequestAlerts(setup.push) : null,
      // A device's confirmation goes where the requests go: the form's mailer, to CONTACT_TO.
      mail: { mailer: setup.mailer, addresses: setup.addresses },
      siteName: formOptions.recipient.name,
    });
    handlers.set(key, handler);
  }
  return handler(request);
};

// A literal: Netlify reads `config` from the source without running it, so a path built from requestPagesPath gave the function no route (request-link.test.ts holds the two together).
export const config: Config = { path: "/aanvraag/*" };
