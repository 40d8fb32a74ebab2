import { createHmac } from "node:crypto";
import path from "node:path";
import type { MailAddresses } from "./mail";
import { logMailer, outboxMailer, smtpMailer, type Mailer } from "./mailer";
import type { RequestPages } from "./request-link";
import { requestStoreNameFor } from "./request-store";
import { runsLocally } from "./runs-locally";
import { endpointPolicy, localPushKeys, pushKeysFrom, type PushSetup } from "./push";

/**
 * What a deploy context does with contact requests (docs/contact-requests.md,
 * "Deploy contexts"). The context comes from the function's own
 * `context.deploy.context`: at run time a function sees only the variables
 * set with the Functions scope, not build variables such as CONTEXT.
 *
 * - production: mails the contractor at CONTACT_TO over SMTP_URL, each mail
 *   linking its requests' pages, signed with REQUEST_LINK_SECRET, at SITE_URL;
 *   without any of them it mails nothing, stores
 *   nothing and answers 503;
 * - local (`netlify serve`, whose functions get NETLIFY_LOCAL=true; a "dev" context too): mails
 *   over SMTP_URL, or into the outbox folder, to CONTACT_TO or the company's
 *   address from content, linking the pages at npm start's address under a
 *   secret of its own;
 * - a deploy preview or branch deploy: a store of its own, and mail only to
 *   PREVIEW_CONTACT_TO (over SMTP_URL), otherwise a line in the log. It never
 *   reaches the contractor, whatever an editor put in the content, and
 *   escalates to nobody. Its mails
 *   link the preview's own request pages only where REQUEST_LINK_SECRET is
 *   set for it, signed with a secret derived from it and the context, so a
 *   preview's link never opens production's page.
 *
 * Production takes a REQUEST_LINK_SECRET of 32 bytes or more (a short one is
 * guessed: docs/contact-requests.md, "The request page"); a shorter one is
 * refused as a missing one is, and the reason is logged.
 *
 * Alerts on the contractor's devices (Web Push) go where the request pages
 * are, signed with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; locally with a key
 * pair of npm start's own.
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
  REQUEST_LINK_SECRET?: string;
  /** Who hears of a request still unanswered at its target (docs/contact-requests.md, "The reply clock"). */
  CONTACT_ESCALATE_TO?: string;
  /** The site's public address; where unset, the function's context names it (addressesFromContext). */
  SITE_URL?: string;
  /** This deploy's own address, from the function's context (addressesFromContext). */
  DEPLOY_URL?: string;
  /** The VAPID key pair of the alerts on the contractor's devices (README, "Alerts on the phone"). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

/** What a function's Netlify context says of where it runs. */
export interface SiteContext {
  site?: { url?: string; name?: string };
  deploy?: { id?: string };
}

/**
 * The site's and the deploy's addresses, which Netlify gives a function in its
 * context rather than as variables: SITE_URL wins where it is set; a deploy's
 * own address is its permalink.
 */
export const addressesFromContext = (env: ContactEnv, { site, deploy }: SiteContext): ContactEnv => ({
  ...env,
  SITE_URL: env.SITE_URL || site?.url,
  DEPLOY_URL: site?.name && deploy?.id ? `https://${deploy.id}--${site.name}.netlify.app` : undefined,
});

/** Where `npm start` serves the site (netlify serve's port), so local mails link pages that open. */
export const localSiteOrigin = "http://localhost:8888";
/** Local links are signed too, with a key that guards nothing beyond this machine's own store. */
export const localRequestLinkSecret = "npm-start-request-links";

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
  /** Web Push to the contractor's devices; absent where the deploy has no keys or no request pages for a tap to open. */
  push?: PushSetup;
  /** Why production has no request pages (REQUEST_LINK_SECRET missing or too short): the request-page function answers 503 and logs it. */
  pagesRefused?: string;
}

/** The least a production REQUEST_LINK_SECRET holds: `openssl rand -base64 32` gives 44 bytes. */
export const minimumSecretBytes = 32;

/** A preview's own secret: the same variable, but a link signed for a preview never opens production's page, nor another context's. */
export const previewSecret = (secret: string, deployContext: string) => createHmac("sha256", secret).update(`preview/${deployContext}`).digest("base64url");

/** What is wrong with production's secret, or null. */
function secretProblem(secret: string | undefined): string | null {
  if (!secret) return "REQUEST_LINK_SECRET not set";
  const bytes = Buffer.byteLength(secret);
  return bytes < minimumSecretBytes ? `REQUEST_LINK_SECRET is ${bytes} bytes, under the ${minimumSecretBytes} it needs` : null;
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
  if (runsLocally(env, deployContext)) return "local";
  return deployContext === "production" ? "production" : "preview";
}

export function contactSetup(deployContext: string | undefined, env: ContactEnv, company: Company, log: (line: string) => void = console.log): ContactSetup {
  const kind = deployKindOf(deployContext, env);
  const context = deployContext || "unknown";
  const from = env.CONTACT_FROM || `"${company.name} website" <${company.email}>`;
  const storeName = requestStoreNameFor(kind === "local" ? "dev" : context);
  const limits = limitsFromEnv(env);

  if (kind === "production") {
    const { SMTP_URL, CONTACT_TO, REQUEST_LINK_SECRET, SITE_URL } = env;
    const missing = Object.entries({ SMTP_URL, CONTACT_TO, REQUEST_LINK_SECRET, SITE_URL }).flatMap(([name, value]) => (value ? [] : [name]));
    const pagesRefused = secretProblem(REQUEST_LINK_SECRET) ?? undefined;
    // A missing secret is named among the missing variables; a short one on its own.
    const reasons = [...(missing.length > 0 ? [`${missing.join(", ").replace(/, (\w+)$/, " and $1")} not set`] : []), ...(REQUEST_LINK_SECRET && pagesRefused ? [pagesRefused] : [])];
    const mailer: Mailer = SMTP_URL && reasons.length === 0 ? smtpMailer(SMTP_URL) : { kind: "unconfigured", reason: reasons.join("; ") };
    const pages = SITE_URL && REQUEST_LINK_SECRET && !pagesRefused ? { origin: SITE_URL, secret: REQUEST_LINK_SECRET } : undefined;
    const push = pushSetup(pages && pushKeysFrom(env, pages.origin), false, pages?.secret);
    return { kind, deployContext: context, storeName, mailer, addresses: { to: CONTACT_TO ?? "", from, pages, escalateTo: env.CONTACT_ESCALATE_TO || undefined }, limits, push, pagesRefused };
  }
  if (kind === "local") {
    const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL) : outboxMailer(path.resolve(env.CONTACT_OUTBOX_DIR || "outbox"), log);
    const pages: RequestPages = { origin: localSiteOrigin, secret: env.REQUEST_LINK_SECRET || localRequestLinkSecret };
    // A push service wants an https: or mailto: sender; localhost is neither.
    const subject = `mailto:${company.email}`;
    const push = pushSetup(pushKeysFrom(env, subject) ?? localPushKeys(pages.secret, subject), true, pages.secret);
    return { kind, deployContext: context, storeName, mailer, addresses: { to: env.CONTACT_TO || company.email, from, pages, escalateTo: env.CONTACT_ESCALATE_TO || undefined }, limits, push };
  }
  const to = env.PREVIEW_CONTACT_TO;
  const mailer = to && env.SMTP_URL ? smtpMailer(env.SMTP_URL) : logMailer(log);
  const origin = env.DEPLOY_URL;
  const pages = origin && env.REQUEST_LINK_SECRET ? { origin, secret: previewSecret(env.REQUEST_LINK_SECRET, context) } : undefined;
  const push = pushSetup(pages && pushKeysFrom(env, pages.origin), false, pages?.secret);
  return { kind, deployContext: context, storeName, mailer, addresses: { to: to ?? "(log)", from, pages }, limits, push };
}

const pushSetup = (keys: PushSetup["keys"] | null | undefined, local: boolean, secret: string | undefined): PushSetup | undefined =>
  keys && secret ? { keys, endpointAllowed: endpointPolicy(local), secret } : undefined;
