import path from "node:path";
import type { MailAddresses } from "./mail";
import { logMailer, outboxMailer, smtpMailer, type Mailer } from "./mailer";
import { requestStoreNameFor } from "./request-store";

/**
 * What a deploy context does with contact requests (docs/contact-requests.md,
 * "Deploy contexts"). The context comes from the function's own
 * `context.deploy.context`: at run time a function sees only the variables
 * set with the Functions scope, not build variables such as CONTEXT.
 *
 * - production: mails the contractor at CONTACT_TO over SMTP_URL; without
 *   either it mails nothing, stores nothing and answers 503;
 * - local (`netlify serve`, whose functions get NETLIFY_LOCAL=true; a "dev" context too): mails
 *   over SMTP_URL, or into the outbox folder, to CONTACT_TO or the company's
 *   address from content;
 * - a deploy preview or branch deploy: a store of its own, and mail only to
 *   PREVIEW_CONTACT_TO (over SMTP_URL), otherwise a line in the log. It never
 *   reaches the contractor, whatever an editor put in the content.
 */
export interface ContactEnv {
  SMTP_URL?: string;
  CONTACT_TO?: string;
  CONTACT_FROM?: string;
  PREVIEW_CONTACT_TO?: string;
  NETLIFY_LOCAL?: string;
  CONTACT_OUTBOX_DIR?: string;
  CONTACT_MAILS_PER_HOUR?: string;
  CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR?: string;
}

export type DeployKind = "production" | "local" | "preview";

export interface ContactSetup {
  kind: DeployKind;
  deployContext: string;
  /** The Blobs store this context keeps its requests in. */
  storeName: string;
  mailer: Mailer;
  addresses: MailAddresses;
  /** Raised only where a test site sends far more than a person would; otherwise contactLimits decides. */
  limits: ContactLimitsSetting;
}

export interface ContactLimitsSetting {
  mailsPerHour?: number;
  requestsPerAddressPerHour?: number;
}

const whole = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * The mail cap and the limit per address come from contactLimits
 * (src/contact-request/functions/contact-delivery.ts). `npm test`'s site sends far more than a
 * person does and raises them with these two variables; production leaves
 * them unset (README, "Environment variables").
 */
export const limitsFromEnv = (env: ContactEnv): ContactLimitsSetting => ({
  mailsPerHour: whole(env.CONTACT_MAILS_PER_HOUR),
  requestsPerAddressPerHour: whole(env.CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR),
});

/** The company as the build wrote it beside the function (form-options.json). */
export interface Company {
  name: string;
  email: string;
}

export function deployKindOf(deployContext: string | undefined, env: ContactEnv): DeployKind {
  if (env.NETLIFY_LOCAL === "true" || deployContext === "dev") return "local";
  return deployContext === "production" ? "production" : "preview";
}

export function contactSetup(deployContext: string | undefined, env: ContactEnv, company: Company, log: (line: string) => void = console.log): ContactSetup {
  const kind = deployKindOf(deployContext, env);
  const context = deployContext || "unknown";
  const from = env.CONTACT_FROM || `"${company.name} website" <${company.email}>`;
  const storeName = requestStoreNameFor(kind === "local" ? "dev" : context);
  const limits = limitsFromEnv(env);

  if (kind === "production") {
    const missing = [!env.SMTP_URL && "SMTP_URL", !env.CONTACT_TO && "CONTACT_TO"].filter(Boolean);
    const mailer: Mailer = env.SMTP_URL && env.CONTACT_TO ? smtpMailer(env.SMTP_URL) : { kind: "unconfigured", reason: `${missing.join(" and ")} not set` };
    return { kind, deployContext: context, storeName, mailer, addresses: { to: env.CONTACT_TO ?? "", from }, limits };
  }
  if (kind === "local") {
    const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL) : outboxMailer(path.resolve(env.CONTACT_OUTBOX_DIR || "outbox"), log);
    return { kind, deployContext: context, storeName, mailer, addresses: { to: env.CONTACT_TO || company.email, from }, limits };
  }
  const to = env.PREVIEW_CONTACT_TO;
  const mailer = to && env.SMTP_URL ? smtpMailer(env.SMTP_URL) : logMailer(log);
  return { kind, deployContext: context, storeName, mailer, addresses: { to: to ?? "(log)", from }, limits };
}
