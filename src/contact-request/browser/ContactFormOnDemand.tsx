import { lazy, Suspense, type ReactNode } from "react";
import { draftStorage, formValues, readDraft, saveDraft } from "./contact-draft";
// Not from send-contact-request: that would bring the photo contract into every page's first load.
import { contactEndpoint, type ContactRequest } from "../shared/contact-fields";
import { useHydrating } from "../../../plugins/gatsby-plugin-first-paint";

/**
 * The contact form's own code (plugins/gatsby-plugin-first-paint/README.md,
 * "The contact form's code on demand"): on a page's first load it
 * is fetched only when the visitor first touches or focuses the form, or at
 * once when a draft from this tab waits to be filled in. Until then React
 * keeps the form's server HTML, which works on its own: it posts to the same
 * function (docs/contact-requests.md), and what is typed is kept as the draft.
 * On pages reached by a link inside the site, the code loads at once.
 */
const ready = new WeakSet<HTMLFormElement>();
const waitingToSend = new Set<HTMLFormElement>();
let codeFailed = false;

const ContactForm = lazy(() =>
  import("./ContactForm").then(
    (module) => ({ default: module.ContactForm }),
    (error: unknown) => {
      // Without its code the form still posts on its own: a send that waited goes out now, later ones at once.
      codeFailed = true;
      for (const form of waitingToSend) form.submit();
      waitingToSend.clear();
      throw error;
    },
  ),
);

const isBrowser = typeof window !== "undefined";
const formSelector = `form[action="${contactEndpoint}"]`;
const touchEvents = ["pointerdown", "focusin", "keydown"] as const;
// A draft waiting to be restored needs the code now, touched or not.
let touched = !isBrowser || Object.keys(readDraft(draftStorage())).length > 0;

const firstTouch = new Promise<void>((resolve) => {
  if (touched) return resolve();
  const onTouch = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(formSelector)) return;
    touched = true;
    for (const type of touchEvents) document.removeEventListener(type, onTouch, true);
    resolve();
  };
  for (const type of touchEvents) document.addEventListener(type, onTouch, { capture: true, passive: true });
});

/** The contact form an event happened in while its code has not taken over yet. */
function formWaitingForCode(event: Event) {
  const form = event.target instanceof Element ? event.target.closest(formSelector) : null;
  return form instanceof HTMLFormElement && !ready.has(form) && !codeFailed ? form : null;
}

if (isBrowser) {
  // A send before the code has loaded waits for it, so the visitor gets the form's own checks and answer.
  document.addEventListener(
    "submit",
    (event) => {
      const form = formWaitingForCode(event);
      if (!form) return;
      event.preventDefault();
      waitingToSend.add(form);
    },
    true,
  );
  // What is typed meanwhile is the draft already, as it will be once the code runs.
  for (const type of ["input", "change"]) {
    document.addEventListener(
      type,
      (event) => {
        const form = formWaitingForCode(event);
        if (form) saveDraft(draftStorage(), formValues(form));
      },
      true,
    );
  }
}

/** Called by ContactForm once it has taken over its server HTML. */
export function formReady(form: HTMLFormElement) {
  ready.add(form);
  if (waitingToSend.delete(form)) form.requestSubmit();
}

function UntilTouched({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  // A component that suspends during hydration keeps its server HTML; React retries when the promise resolves.
  if (hydrating && !touched) throw firstTouch;
  return <>{children}</>;
}

export function ContactFormOnDemand({ presets }: { presets?: Partial<ContactRequest> }) {
  return (
    <Suspense fallback={null}>
      <UntilTouched>
        <ContactForm presets={presets} />
      </UntilTouched>
    </Suspense>
  );
}
