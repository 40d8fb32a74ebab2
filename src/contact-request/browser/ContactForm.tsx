import { css } from "@emotion/react";
import { Link } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { clearDraft, draftStorage, formValues, readDraft, saveDraft } from "./contact-draft";
import {
  contactEndpoint,
  contactFieldLabels,
  contactFields,
  honeypotField,
  isContactField,
  shownForField,
  limits,
  requiredFields,
  type ContactField,
  type ContactRequest,
  type FieldErrors,
} from "../shared/contact-fields";
import { sendContactRequest, type SendResult } from "./send-contact-request";
import { telHref } from "../../lib/paths";
import { useSiteData } from "../../components/layout/useSiteData";
import { visuallyHidden } from "../../components/ui/a11y";
import { buttonStyles } from "../../components/ui/Button";
import { formReady } from "./ContactFormOnDemand";
import { FieldError } from "./FieldError";
import { fieldBox, smallPrint } from "./formStyles";
import { PhotoField, type PhotoFieldHandle } from "./PhotoField";
import { notify } from "../../components/ui/Toasts";
import { colors, fontSize, motion, mq, radius } from "../../components/ui/theme";

const placeholders: Record<ContactField, string> = {
  name: "Uw volledige naam",
  email: "naam@voorbeeld.nl",
  phone: "06 12345678",
  address: "Straat en huisnummer",
  postalCode: "1234 AB",
  city: "Kies uw plaats",
  service: "Kies een dienst",
  message: "Beschrijf kort uw vraag of wat er met uw dak aan de hand is",
};

const autoCompletes: Partial<Record<ContactField, string>> = {
  name: "name",
  email: "email",
  phone: "tel",
  // street-address is for a multi-line field; one line of a street and number is address-line1.
  address: "address-line1",
  postalCode: "postal-code",
  city: "address-level2",
};
const inputTypes: Partial<Record<ContactField, string>> = { email: "email", phone: "tel" };
const maxLengths: Partial<Record<ContactField, number>> = { name: limits.name, email: limits.email, address: limits.address };
const wideFields: ReadonlySet<ContactField> = new Set(["name", "address", "service", "message"]);

const texts = {
  submit: "Gratis Offerte Aanvragen",
  submitting: "Versturen...",
  requiredNote: "Velden met * zijn verplicht.",
  privacy: "Wij gebruiken uw gegevens alleen om op uw aanvraag te reageren. Lees onze",
  privacyLink: "privacyverklaring",
  checkFields: "Controleer de gemarkeerde velden.",
  sending: "Uw aanvraag wordt verstuurd.",
  successToastTitle: "Aanvraag verstuurd!",
  successTitle: "Bedankt, uw aanvraag is verstuurd!",
  /** By when, as the function computed it from the opening hours and the reply target: "vandaag vóór 15:30". */
  successWhen: (replyBy: string | undefined) => (replyBy ? `U hoort ${replyBy} van ons.` : "We nemen zo snel mogelijk contact met u op."),
  successReference: "Uw kenmerk:",
  successEmergency: "Lekt het nu? Bel direct",
  successEmergencyHours: ", dag en nacht.",
  failedToast: { title: "Er ging iets mis", description: "Probeer het opnieuw of bel ons direct." },
  unavailableToast: (phone: string) => ({
    title: "Email service niet beschikbaar",
    description: `Bel ons direct op ${phone} of via WhatsApp.`,
  }),
  failedTitle: "Uw aanvraag is niet verstuurd.",
  failedText: "Wat u invulde staat nog in het formulier. Probeer het opnieuw of bel ons direct op",
};

type Status =
  | { kind: "idle" }
  | { kind: "invalid" }
  | { kind: "sending" }
  | { kind: "sent"; reference?: string; replyBy?: string }
  | { kind: "failed"; result: Extract<SendResult, { ok: false }> };

const formStyle = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  ${mq.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    column-gap: 24px;
  }
  .wide {
    grid-column: 1 / -1;
  }
`;

const fieldStyle = css`
  ${fieldBox};
  align-content: start;
  input,
  select,
  textarea {
    width: 100%;
    min-height: 48px;
    padding: 10px 12px;
    font: inherit;
    color: ${colors.ink};
    background: ${colors.white};
    /* Form borders must be seen (WCAG 1.4.11): ink-muted, not the decorative line colour. */
    border: 1px solid ${colors.inkMuted};
    border-radius: ${radius.button};
    transition: border-color ${motion};
  }
  textarea {
    resize: vertical;
  }
  input::placeholder,
  textarea::placeholder {
    color: ${colors.inkMuted};
    opacity: 1;
  }
  [aria-invalid="true"] {
    border: 2px solid ${colors.emergency};
  }
`;

const noticeStyle = (tone: "success" | "error") => css`
  grid-column: 1 / -1;
  display: flex;
  gap: 12px;
  padding: 16px;
  border-radius: ${radius.button};
  border: 1px solid ${tone === "success" ? colors.chat : colors.emergency};
  background: ${tone === "success" ? colors.successTint : colors.errorTint};
  p {
    margin: 0;
  }
  svg {
    flex: none;
    margin-top: 2px;
    color: ${tone === "success" ? colors.chat : colors.emergency};
  }
  &:focus {
    outline: none;
  }
`;

const submitStyle = css`
  width: 100%;
  white-space: normal;
  &:disabled {
    cursor: progress;
    opacity: 0.85;
  }
  ${mq.md} {
    width: auto;
    justify-self: start;
    font-size: ${fontSize.md};
  }
`;

const noWrap = css`
  white-space: nowrap;
`;

/** Off-screen and hidden from assistive technology: only bots fill it in. */
const honeypotStyle = css`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/** The validation rules (and zod) load when the visitor starts typing, not with the page. */
const loadRules = () => import("../shared/contact-request");

function fieldElement(form: HTMLFormElement, field: string) {
  const element = form.elements.namedItem(field);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement
    ? element
    : null;
}

/** Whether a field still shows what the page rendered into it (its preset choice or nothing). */
function isUntouched(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) {
  if (element instanceof HTMLSelectElement) {
    const preset = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
    return element.value === (preset?.value ?? "");
  }
  return element.value === element.defaultValue;
}

/** How long the page, and so the form, has been shown: the function takes a faster send for a program's (docs/contact-requests.md). */
const pageAgeMs = () => Math.round(performance.now());

/**
 * The quote and contact form, the same on every page. Fields are uncontrolled,
 * so text typed before the page has hydrated stays; a draft in sessionStorage
 * survives a reload until the request is sent.
 */
export function ContactForm({ presets = {} }: { presets?: Partial<ContactRequest> }) {
  const { company, services } = useSiteData();
  const choices = { towns: company.towns.map((town) => town.name), services: services.map((service) => service.name) };
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const photosRef = useRef<PhotoFieldHandle>(null);
  const busy = useRef(false);
  // A form filled from a draft was typed before this page: how long it has been shown says nothing then.
  const draftRestored = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const phone = company.phones.regular;

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [field, value] of Object.entries(readDraft(draftStorage()))) {
      const element = fieldElement(form, field);
      // A value typed before hydration wins over an older draft.
      if (element && isUntouched(element)) {
        element.value = value;
        draftRestored.current = true;
      }
    }
    // A send asked for before this code loaded (ContactFormOnDemand) happens now.
    formReady(form);
  }, []);

  // After sending, focus goes where the visitor has to look: the confirmation, the failure, or the first marked field.
  useEffect(() => {
    if (status.kind === "sent" || (status.kind === "failed" && !status.result.fields && !status.result.photos)) noticeRef.current?.focus();
  }, [status]);

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const first = contactFields.find((field) => fieldErrors[field]);
    if (first && formRef.current) fieldElement(formRef.current, first)?.focus();
  };

  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    void loadRules();
    const target = event.target as HTMLInputElement;
    if (isContactField(target.name) && errors[target.name]) {
      setErrors(({ [target.name as ContactField]: _, ...rest }) => rest);
    }
    saveDraft(draftStorage(), formValues(event.currentTarget));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A ref, not the state: a second click can arrive before React has re-rendered.
    if (busy.current) return;
    busy.current = true;
    try {
      await submit(event.currentTarget);
    } finally {
      busy.current = false;
    }
  };

  const submit = async (form: HTMLFormElement) => {
    const values = formValues(form);
    // Without the rules (the chunk failed to load) the function still checks everything.
    const validation = await loadRules()
      .then((rules) => rules.validateContactRequest(values, choices))
      .catch(() => ({ ok: true as const, request: values }));
    if (!validation.ok) {
      setErrors(validation.fieldErrors);
      setStatus({ kind: "invalid" });
      focusFirstError(validation.fieldErrors);
      return;
    }

    setErrors({});
    setStatus({ kind: "sending" });
    const honeypot = fieldElement(form, honeypotField)?.value ?? "";
    const shownFor: Record<string, string> = draftRestored.current ? {} : { [shownForField]: String(pageAgeMs()) };
    const photos = (await photosRef.current?.photos()) ?? [];
    const result = await sendContactRequest({ ...validation.request, [honeypotField]: honeypot, ...shownFor }, { photos });

    if (result.ok) {
      form.reset();
      photosRef.current?.clear();
      clearDraft(draftStorage());
      setStatus({ kind: "sent", reference: result.reference, replyBy: result.replyBy });
      notify({ kind: "success", title: texts.successToastTitle, description: texts.successWhen(result.replyBy) });
      return;
    }
    setStatus({ kind: "failed", result });
    setErrors(result.fields ?? {});
    // Fields and photos can both be refused: each shows its messages, and the first marked field takes the focus before the photos.
    if (result.fields) focusFirstError(result.fields);
    if (result.photos) photosRef.current?.refuse(result.photos, { focus: !result.fields });
    notify({ kind: "error", ...(result.notConfigured ? texts.unavailableToast(phone.display) : texts.failedToast) });
  };

  const field = (name: ContactField) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-fout`;
    const error = errors[name];
    const common = {
      id: inputId,
      name,
      required: requiredFields.has(name),
      autoComplete: autoCompletes[name],
      "aria-invalid": error ? (true as const) : undefined,
      "aria-describedby": error ? errorId : undefined,
      defaultValue: presets[name] ?? "",
    };
    const options = name === "city" ? choices.towns : name === "service" ? choices.services : null;
    return (
      <div key={name} css={fieldStyle} className={wideFields.has(name) ? "wide" : undefined}>
        <label htmlFor={inputId}>
          {contactFieldLabels[name]}
          {requiredFields.has(name) && " *"}
        </label>
        {options ? (
          <select {...common}>
            <option value="">{placeholders[name]}</option>
            {options.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : name === "message" ? (
          <textarea {...common} rows={4} maxLength={limits.message} placeholder={placeholders.message} />
        ) : (
          <input {...common} type={inputTypes[name] ?? "text"} maxLength={maxLengths[name]} placeholder={placeholders[name]} />
        )}
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
    );
  };

  const sending = status.kind === "sending";
  // Sent and failed need no words here: focus moves to their notice, which is read out.
  const announcement = status.kind === "sending" ? texts.sending : status.kind === "invalid" ? texts.checkFields : "";
  return (
    // method, action and encType only matter before hydration: the data then goes to the function, never into the URL, with the photos.
    <form
      ref={formRef}
      method="post"
      action={contactEndpoint}
      encType="multipart/form-data"
      css={formStyle}
      noValidate
      onSubmit={onSubmit}
      onInput={onEdit}
      onChange={onEdit}
      aria-describedby={`${id}-verplicht`}
    >
      {status.kind === "sent" && (
        <div ref={noticeRef} tabIndex={-1} css={noticeStyle("success")}>
          <Icon name="checkCircle" size={24} />
          <div>
            <p css={{ fontWeight: 700 }}>{texts.successTitle}</p>
            <p>
              {texts.successWhen(status.replyBy)}
              {status.reference && (
                <>
                  {" "}
                  {texts.successReference} <strong css={noWrap}>{status.reference}</strong>.
                </>
              )}
            </p>
            <p>
              {texts.successEmergency} <a href={telHref(company.phones.emergency.e164)} css={noWrap}>{company.phones.emergency.display}</a>
              {texts.successEmergencyHours}
            </p>
          </div>
        </div>
      )}
      {status.kind === "failed" && (
        <div ref={noticeRef} tabIndex={-1} css={noticeStyle("error")}>
          <Icon name="alertCircle" size={24} />
          <div>
            <p css={{ fontWeight: 700 }}>{status.result.fields || status.result.photos ? texts.checkFields : texts.failedTitle}</p>
            <p>
              {texts.failedText} <a href={telHref(phone.e164)} css={noWrap}>
                {phone.display}
              </a>.
            </p>
          </div>
        </div>
      )}
      <p id={`${id}-verplicht`} css={[smallPrint, { gridColumn: "1 / -1" }]}>
        {texts.requiredNote}
      </p>
      {contactFields.map(field)}
      <PhotoField ref={photosRef} />
      <div aria-hidden="true" css={honeypotStyle}>
        <label htmlFor={`${id}-${honeypotField}`}>Laat dit veld leeg</label>
        <input id={`${id}-${honeypotField}`} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="wide" css={{ display: "grid", gap: 12 }}>
        <button type="submit" css={[buttonStyles.primary, submitStyle]} disabled={sending}>
          <Icon name="send" size={20} />
          {sending ? texts.submitting : texts.submit}
        </button>
        <p css={smallPrint}>
          {texts.privacy} <Link to="/privacy">{texts.privacyLink}</Link>.
        </p>
      </div>
      <p role="status" css={visuallyHidden}>
        {announcement}
      </p>
    </form>
  );
}
