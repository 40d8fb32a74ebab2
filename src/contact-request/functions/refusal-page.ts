import { contactFieldLabels, contactFields, type ContactRequest, type FieldErrors } from "../shared/contact-fields";
import { telHref } from "../../lib/paths";
import { escapeHtml } from "./mail";
import { functionPageHtml, visitorPageHeaders, visitorPageStyle } from "./function-page";

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
    style: visitorPageStyle,
    robots: "noindex",
    main: `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${fixes.length > 0 ? `<section class="card errors" aria-labelledby="fix"><h2 id="fix">Pas dit aan</h2><ul>${fixes.join("")}</ul></section>` : ""}
<p><a class="button" href="${escapeHtml(back)}">Terug naar het formulier</a></p>
<p>Met de terugknop van uw browser staat wat u invulde meestal nog in het formulier${photosSent ? "; de foto's moet u daar misschien opnieuw kiezen" : ""}. Liever bellen? Bel <a href="${telHref(phone.e164)}">${escapeHtml(phone.display)}</a>.</p>
${sent.length > 0 ? `<section class="card" aria-labelledby="typed"><h2 id="typed">Wat u invulde</h2><dl>${sent.join("")}</dl></section>` : ""}`,
  });
  return new Response(html, { status, headers: visitorPageHeaders });
}
