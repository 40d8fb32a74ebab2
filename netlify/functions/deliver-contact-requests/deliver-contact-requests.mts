import type { Config, Context } from "@netlify/functions";
import { addressesFromContext, contactSetup } from "../../../src/contact-request/functions/contact-setup";
import { functionSiteStores, openRequestStore } from "../../../src/contact-request/functions/request-store";
// Written by the Gatsby build from content/ (see gatsby-node.ts).
import formOptions from "../send-contact-email/form-options.json";
import { mailDeadlineMs, runDeliveryJob } from "../../../src/contact-request/functions/job";
import { RequestAlerts } from "../../../src/contact-request/functions/push";
import { openPublishLog } from "../../../src/content-publish/functions/publish-log";

/** Kept by a warm instance, which notes its deploy once (PublishLog.noteDeploy). */
const publishLog = openPublishLog();

/**
 * One run of the mailing job (docs/contact-requests.md, "The mailing job"):
 * mails what the form function stored but could not mail, sends the digest,
 * the reminders, the suspect list and the monthly report, and deletes what is
 * past its term, in this deploy context's own store and, in production, in
 * the previews' stores.
 * It answers nothing: to a Response, Netlify's function runtime adds an
 * x-nf-fetch-timing header listing every fetch the run made, and a run's
 * hundreds of store calls grew it past what an HTTP client reads (netlify
 * serve's proxy then answered 500 after a flood).
 */
export default async function deliverContactRequests(_request: Request, context: Context): Promise<void> {
  const setup = contactSetup(context.deploy?.context, addressesFromContext(process.env, context), formOptions.recipient);
  await runDeliveryJob(openRequestStore(setup.storeName), {
    mailer: setup.mailer,
    addresses: setup.addresses,
    mailsPerHour: setup.limits.mailsPerHour,
    runId: `deliver-contact-requests ${crypto.randomUUID()}`,
    deadlineMs: mailDeadlineMs,
    log: console.log,
    warn: console.warn,
    finishLater: (work) => context.waitUntil(work),
    // Only production's job runs on Netlify, so it sweeps the previews' stores too (docs/contact-requests.md, "The mailing job").
    previewStores: setup.kind === "production" ? functionSiteStores() : undefined,
    clock: formOptions.clock,
    alerts: setup.push && new RequestAlerts(setup.push),
    // Production's deploys are the ones Netlify bills; the monthly report counts them.
    ...(setup.kind === "production" && context.deploy?.id && { deploys: { log: publishLog, deployId: context.deploy.id } }),
  });
}

// A literal, because Netlify reads it from the source: deliveryJobSchedule in src/contact-request/functions/job.ts, which a test holds equal.
export const config: Config = { schedule: "*/5 * * * *" };
