import type { ReplyClock } from "../shared/reply-clock";
import { telHref } from "../../lib/paths";
import { formatNumber } from "../../lib/dutch-format";
import { escapeHtml } from "./mail";
import { functionPageHtml, visitorPageHeaders, visitorPageStyle } from "./function-page";

/**
 * The thank-you a visitor without JavaScript gets for the form's own post
 * (docs/contact-requests.md, "Without JavaScript"): by when they will hear
 * back, their reference, the emergency number, and the rule with the opening
 * hours it counts in. The form's script says the same in place.
 */
export interface ThankYou {
  /** requestReference of the request. */
  reference: string;
  /** "vandaag vóór 15:30": replyMoment of the request's due time. */
  replyBy: string;
  clock: ReplyClock;
  emergencyPhone: { display: string; e164: string };
  /** The opening hours as the site states them: "Maandag", "08:00 - 18:00". */
  openingHours: readonly { day: string; hours: string }[];
}

/** "1 uur", "1,5 uur": a target in whole or half hours, as content requires it, written as the site writes {replyTargetHours}. */
const hoursText = (minutes: number) => `${formatNumber(minutes / 60)} uur`;

export function thankYouPage({ reference, replyBy, clock, emergencyPhone, openingHours }: ThankYou): Response {
  const hours = openingHours.map(({ day, hours: open }) => `<dt>${escapeHtml(day)}</dt><dd>${escapeHtml(open)}</dd>`).join("");
  const emergency = `<a href="${escapeHtml(telHref(emergencyPhone.e164))}">${escapeHtml(emergencyPhone.display)}</a>`;
  const html = functionPageHtml({
    title: "Bedankt voor uw aanvraag",
    style: visitorPageStyle,
    robots: "noindex",
    main: `<h1>Bedankt, uw aanvraag is ontvangen</h1>
<p>U hoort <strong>${escapeHtml(replyBy)}</strong> van ons.</p>
<section class="card" aria-labelledby="reference"><h2 id="reference">Uw kenmerk</h2><p class="reference">${escapeHtml(reference)}</p><p>Noem dit kenmerk als u ons over deze aanvraag belt of mailt.</p></section>
<section class="card errors" aria-labelledby="emergency"><h2 id="emergency">Lekt het nu?</h2><p>Bel direct ${emergency}, dag en nacht.</p></section>
<section class="card" aria-labelledby="rule"><h2 id="rule">Wanneer wij antwoorden</h2>
<p>Binnen onze openingstijden antwoorden wij binnen ${hoursText(clock.targets.openingMinutes)}; komt uw aanvraag daarbuiten binnen, dan binnen ${hoursText(clock.targets.openingMinutes)} na opening. Een lekkage beantwoorden wij dag en nacht binnen ${clock.targets.emergencyMinutes} minuten.</p>
<dl>${hours}</dl></section>
<p><a class="button" href="/">Terug naar de website</a></p>`,
  });
  return new Response(html, { status: 200, headers: visitorPageHeaders });
}
