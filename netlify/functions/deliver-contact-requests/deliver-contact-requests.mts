import type { Config } from "@netlify/functions";
import { mailAddresses } from "../../lib/mail";
import { mailerFromEnv } from "../../lib/mailer";
import { openRequestStore, RequestStore } from "../../lib/request-store";
// Written by the Gatsby build from content/ (see gatsby-node.ts).
import formOptions from "../send-contact-email/form-options.json";
import { runDeliveryJob } from "./job";

/** Mails what the form function stored but could not mail, and deletes what is past the retention term. */
export default async function deliverContactRequests(): Promise<Response> {
  await runDeliveryJob(new RequestStore(openRequestStore()), {
    mailer: mailerFromEnv(process.env),
    addresses: mailAddresses(process.env, formOptions.recipient),
    runId: `deliver-contact-requests ${crypto.randomUUID()}`,
    deadlineMs: 8000,
    log: console.log,
  });
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: "*/5 * * * *" };
