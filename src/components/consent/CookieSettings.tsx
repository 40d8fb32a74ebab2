import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useEffect, useRef, useState } from "react";
import { onlyNecessary, type ConsentCategory, type ConsentChoice } from "../../lib/consent";
import { pill } from "../ui/Badge";
import { buttonStyles } from "../ui/Button";
import { colors, fontSize, radius } from "../ui/theme";
import { useConsent, useConsentSettings } from "./useConsent";

const categories: { key: ConsentCategory | "necessary"; title: string; text: string }[] = [
  {
    key: "necessary",
    title: "Noodzakelijk",
    text: "Onthoudt uw cookiekeuze in uw eigen browser, 1 jaar lang. Zonder deze opslag werkt de keuze niet.",
  },
  {
    key: "analytics",
    title: "Analytisch",
    text: "Meten welke pagina's bezoekers gebruiken, zodat wij de website kunnen verbeteren. Wij bewaren deze gegevens 14 maanden.",
  },
  {
    key: "marketing",
    title: "Marketing",
    text: "Cookies van advertentiepartijen om u elders passende advertenties te tonen. Deze website plaatst ze op dit moment niet.",
  },
  {
    key: "functional",
    title: "Functioneel",
    text: "Kaarten van Google Maps direct tonen. Google ontvangt dan onder meer uw IP-adres.",
  },
];

const dialogStyle = css`
  width: min(560px, calc(100% - 32px));
  max-height: calc(100dvh - 32px);
  padding: 0;
  border: 0;
  border-radius: ${radius.card};
  color: ${colors.ink};
  box-shadow: 0 16px 48px rgba(27, 36, 48, 0.3);
  &::backdrop {
    background: rgba(27, 36, 48, 0.55);
  }
  form {
    display: grid;
    gap: 16px;
    padding: 24px;
  }
  h2 {
    margin: 0;
    font-size: ${fontSize.lg};
  }
  p {
    margin: 0;
  }
`;

const headStyle = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
`;

const closeStyle = css`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  margin: -8px -8px 0 0;
  border: 0;
  border-radius: ${radius.button};
  background: transparent;
  color: ${colors.ink};
  cursor: pointer;
  &:hover {
    background: ${colors.sand};
  }
`;

const rowStyle = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 12px 0;
  border-top: 1px solid ${colors.line};
  cursor: pointer;
  strong {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  small {
    display: block;
    color: ${colors.inkMuted};
    font-size: ${fontSize.sm};
  }
`;

const requiredStyle = pill(colors.sand, colors.ink);

/** A checkbox drawn as a switch: 48 x 28 inside a 48 px tall label row. */
const switchStyle = css`
  flex: none;
  -webkit-appearance: none;
  appearance: none;
  position: relative;
  width: 48px;
  height: 28px;
  margin: 0;
  border-radius: ${radius.pill};
  background: ${colors.inkMuted};
  cursor: pointer;
  transition: background-color 150ms ease-out;
  &::before {
    content: "";
    position: absolute;
    top: 3px;
    left: 3px;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    background: ${colors.white};
    transition: transform 150ms ease-out;
  }
  &:checked {
    background: ${colors.chat};
  }
  &:checked::before {
    transform: translateX(20px);
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const buttonsStyle = css`
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

/** The 'Cookie Instellingen' dialog of docs/requirements.md ('The cookie choice'), on the native modal <dialog> (focus kept inside, Escape closes). */
export function CookieSettings() {
  const { open, close } = useConsentSettings();
  const { record, save } = useConsent();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<ConsentChoice>(onlyNecessary);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // A first choice starts with everything off; a later visit shows what was chosen.
      setChoice(record ? { analytics: record.analytics, marketing: record.marketing, functional: record.functional } : onlyNecessary);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // Only opening and closing move the dialog; the stored record seeds the switches when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const saveAndClose = (chosen: ConsentChoice) => {
    save(chosen);
    close();
  };

  return (
    <dialog ref={dialogRef} aria-labelledby="cookie-settings-title" css={dialogStyle} onClose={close}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          saveAndClose(choice);
        }}
      >
        <div css={headStyle}>
          <h2 id="cookie-settings-title">Cookie Instellingen</h2>
          <button type="button" css={closeStyle} onClick={close} aria-label="Sluiten">
            <Icon name="close" />
          </button>
        </div>
        <p>Kies welke cookies en andere technieken wij mogen gebruiken. U kunt dit later altijd wijzigen.</p>
        <div>
          {categories.map(({ key, title, text }) => (
            <label key={key} css={rowStyle}>
              <span>
                <strong>
                  {title}
                  {key === "necessary" && <span css={requiredStyle}>Verplicht</span>}
                </strong>
                <small>{text}</small>
              </span>
              {key === "necessary" ? (
                <input type="checkbox" role="switch" css={switchStyle} checked disabled />
              ) : (
                <input
                  type="checkbox"
                  role="switch"
                  css={switchStyle}
                  checked={choice[key]}
                  onChange={(event) => setChoice({ ...choice, [key]: event.target.checked })}
                />
              )}
            </label>
          ))}
        </div>
        <div css={buttonsStyle}>
          <button type="button" css={buttonStyles.primary} onClick={() => saveAndClose(onlyNecessary)}>
            Alleen noodzakelijk
          </button>
          <button type="submit" css={buttonStyles.primary}>
            Voorkeuren opslaan
          </button>
        </div>
      </form>
    </dialog>
  );
}
