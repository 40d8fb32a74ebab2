import { createHash } from "node:crypto";
import { contactFieldLabels, contactFields, type ContactRequest, type FieldErrors } from "../shared/contact-fields";
import { telHref } from "../../lib/paths";
import { apiSecurityHeaders } from "./security-headers";
import { colors, fontStack, radius } from "../../components/ui/theme";
import { escapeHtml } from "./mail";
import { functionPageHtml } from "./function-page";

/**
 * The page a visitor without JavaScript sees when the function refuses the
 * form's own post (docs/contact-requests.md): what to fix, field by field,
 * what they typed (so nothing is lost), and the way back to the form.
 */

export interface RefusalPage {
  status: number;
  title: string;
  intro: string;
  fieldErrors?: FieldErrors;
  /** Why photos were refused, one message per photo (or one for the set). */
  photoErrors?: string[];
  /** The post carried photos: going back, the visitor may have to choose them again. */
  photosSent?: boolean;
  /** What the visitor sent, shown back to them. */
  typed?: Partial<ContactRequest>;
  /** The page the form was on (same site only), to go back to. */
  formPage: string;
  phone: { display: string; e164: string };
}

const style = `
body{margin:0;font-family:${fontStack};color:${colors.ink};background:${colors.sand};line-height:1.5}
main{max-width:640px;margin:0 auto;padding:32px 16px 48px}
h1{font-size:31px;line-height:1.2;margin:0 0 12px}
h2{font-size:20px;line-height:1.3;margin:0 0 8px}
.card{background:${colors.white};border:1px solid ${colors.line};border-radius:${radius.card};padding:16px 20px;margin:20px 0}
.errors{border:2px solid ${colors.emergency};background:${colors.errorTint}}
.errors li{margin:6px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{font-weight:700}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:${colors.actionStrong}}
.button{display:inline-block;background:${colors.action};color:${colors.white};font-weight:700;text-decoration:none;padding:12px 20px;border-radius:${radius.button};min-height:24px}
.button:focus-visible,a:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
`.trim();

const styleHash = `'sha256-${createHash("sha256").update(style).digest("base64")}'`;

/** The function's strict headers, with this page's one style block allowed by its hash. */
export const refusalPageHeaders: Record<string, string> = {
  ...apiSecurityHeaders,
  "Content-Security-Policy": `${apiSecurityHeaders["Content-Security-Policy"]}; style-src ${styleHash}`,
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
};

export function refusalPage({ status, title, intro, fieldErrors = {}, photoErrors = [], photosSent = false, typed = {}, formPage, phone }: RefusalPage): Response {
  const fixes = [
    ...contactFields.filter((field) => fieldErrors[field]).map((field) => `<li><strong>${contactFieldLabels[field]}:</strong> ${escapeHtml(fieldErrors[field] ?? "")}</li>`),
    ...photoErrors.map((message) => `<li><strong>Foto's:</strong> ${escapeHtml(message)}</li>`),
  ];
  const sent = contactFields
    .filter((field) => typed[field])
    .map((field) => `<dt>${contactFieldLabels[field]}</dt><dd>${escapeHtml(typed[field] ?? "")}</dd>`);
  const back = `${formPage}#offerte-formulier`;

  const html = functionPageHtml({
    title,
    style,
    robots: "noindex",
    main: `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${fixes.length > 0 ? `<section class="card errors" aria-labelledby="fix"><h2 id="fix">Pas dit aan</h2><ul>${fixes.join("")}</ul></section>` : ""}
<p><a class="button" href="${escapeHtml(back)}">Terug naar het formulier</a></p>
<p>Met de terugknop van uw browser staat wat u invulde meestal nog in het formulier${photosSent ? "; de foto's moet u daar misschien opnieuw kiezen" : ""}. Liever bellen? Bel <a href="${telHref(phone.e164)}">${escapeHtml(phone.display)}</a>.</p>
${sent.length > 0 ? `<section class="card" aria-labelledby="typed"><h2 id="typed">Wat u invulde</h2><dl>${sent.join("")}</dl></section>` : ""}`,
  });
  return new Response(html, { status, headers: refusalPageHeaders });
}
