import { css } from "@emotion/react";
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type ChangeEvent } from "react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { photoAccept, photoField, photoFormatNames, photoLimits, photoMessages } from "../shared/contact-photos";
import { isFull, refusalMessage } from "./photo-plan";
import { visuallyHidden } from "../../components/ui/a11y";
import { buttonStyles } from "../../components/ui/Button";
import { colors, mq, radius } from "../../components/ui/theme";
import { FieldError } from "./FieldError";
import { fieldBox, smallPrint } from "./formStyles";

const texts = {
  label: "Foto's meesturen",
  hint: `Niet verplicht. Hoogstens ${photoLimits.count} foto's (${photoFormatNames}). Wij verkleinen ze en verwijderen de locatiegegevens.`,
  add: "Foto's toevoegen",
  list: "Toegevoegde foto's",
  photo: (number: number) => `Foto ${number}`,
  remove: (number: number) => `Verwijder foto ${number}`,
  preparing: (number: number, of: number) => `Foto ${number} van ${of} wordt verkleind…`,
  added: (count: number, total: number) => `${count === 1 ? "1 foto" : `${count} foto's`} toegevoegd; u heeft er nu ${total} van de ${photoLimits.count}.`,
  removed: (number: number, total: number) => `Foto ${number} verwijderd; u heeft er nu ${total} van de ${photoLimits.count}.`,
};

/** What ContactForm asks of the field when it sends, and tells it afterwards. */
export interface PhotoFieldHandle {
  /** The photos to send, once those being drawn are done: the drawn JPEGs, or the plain input's files where the photo code did not load. */
  photos: () => Promise<Blob[]>;
  /** After a sent request: no photos. */
  clear: () => void;
  /** The function's messages about the photos: shown at the field, which takes the focus unless `focus` is false (a field the function refused has it). */
  refuse: (messages: string[], options?: { focus: boolean }) => void;
}

interface Photo {
  blob: Blob;
  url: string;
}

/**
 * The photo module, fetched when the visitor first opens the field: every
 * page's first load stays without it. Named, so the budgets test can tell it
 * is not among a page's first-load scripts (tests/e2e/budgets.spec.ts).
 */
const loadDrawing = () => import(/* webpackChunkName: "photo-drawing" */ "./photo-drawing");

const addButton = css`
  justify-self: start;
  margin-top: 4px;
`;

/** Three in a row on a phone, all five on a wider screen; each remove button sits on its photo's corner, half outside it. */
const thumbnails = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, 88px);
  gap: 16px;
  ${mq.md} {
    grid-template-columns: repeat(auto-fill, 112px);
  }
  margin: 12px 8px 0 0;
  padding: 0;
  list-style: none;
  li {
    position: relative;
  }
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border: 1px solid ${colors.line};
    border-radius: ${radius.button};
    background: ${colors.sand};
  }
`;

const removeButton = css`
  position: absolute;
  top: -8px;
  right: -8px;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  color: ${colors.ink};
  background: ${colors.white};
  border: 1px solid ${colors.inkMuted};
  border-radius: ${radius.pill};
  cursor: pointer;
  &:hover {
    color: ${colors.white};
    background: ${colors.ink};
  }
`;

/**
 * The optional photos of a request (docs/contact-requests.md, "Photos").
 * The server's HTML holds a plain file input, which the form posts as
 * multipart without JavaScript. Once the form's code runs, a button opens
 * that input; each photo chosen is drawn again by photo-drawing.ts and shown
 * as a thumbnail, and ContactForm sends the drawn JPEGs.
 */
export const PhotoField = forwardRef<PhotoFieldHandle>(function PhotoField(_, handle) {
  const id = useId();
  const inputId = `${id}-foto`;
  const hintId = `${id}-foto-uitleg`;
  const errorId = `${id}-foto-fout`;
  const statusId = `${id}-foto-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const removeRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Until the form's code runs, and again if the photo code cannot load: the browser's own input, posted as it is.
  const [enhanced, setEnhanced] = useState(false);
  const enhancedRef = useRef(false);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const photosRef = useRef<Photo[]>([]);
  const drawing = useRef<Promise<void>>(Promise.resolve());
  const [progress, setProgress] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [messages, setMessages] = useState<string[]>([]);
  const focusAfterRemove = useRef<number | null>(null);

  const showPhotos = (next: Photo[]) => {
    photosRef.current = next;
    setPhotos(next);
  };

  const enhance = (on: boolean) => {
    enhancedRef.current = on;
    setEnhanced(on);
  };

  const report = (added: number, refused: string[]) => {
    setMessages(refused);
    const total = photosRef.current.length;
    setAnnouncement([added > 0 ? texts.added(added, total) : "", ...refused].filter(Boolean).join(" "));
  };

  /** Draws the chosen files one by one, each while there is room; a refused file leaves the photos already added alone. */
  const take = (files: File[]) => {
    if (files.length === 0) return;
    setMessages([]);
    drawing.current = drawing.current.then(async () => {
      let module: Awaited<ReturnType<typeof loadDrawing>>;
      try {
        module = await loadDrawing();
      } catch {
        // No photo code (a lost connection): the input keeps the files and the form sends them as they are.
        enhance(false);
        return;
      }
      if (inputRef.current) inputRef.current.value = "";
      const refused: string[] = [];
      let added = 0;
      for (const [index, file] of files.entries()) {
        if (isFull(photosRef.current.length)) {
          refused.push(photoMessages.tooMany);
          break;
        }
        setProgress(texts.preparing(index + 1, files.length));
        setAnnouncement(texts.preparing(index + 1, files.length));
        const prepared = await module.preparePhoto(file).catch(() => ({ ok: false as const, refusal: "unreadable" as const }));
        if (prepared.ok) {
          showPhotos([...photosRef.current, { blob: prepared.photo, url: URL.createObjectURL(prepared.photo) }]);
          added += 1;
        } else {
          refused.push(refusalMessage(prepared.refusal, file.name));
        }
      }
      setProgress("");
      report(added, refused);
    });
  };

  useEffect(() => {
    enhance(true);
    const input = inputRef.current;
    // Photos chosen before the form's code ran are drawn now, and a focus on the input moves to the button that replaces it.
    if (input?.files?.length) take(Array.from(input.files));
    if (input && document.activeElement === input) requestAnimationFrame(() => addRef.current?.focus());
    return () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.url);
    };
    // take only reads refs and setters: it runs once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusAfterRemove.current === null) return;
    const index = Math.min(focusAfterRemove.current, photos.length - 1);
    focusAfterRemove.current = null;
    (index >= 0 ? removeRefs.current[index] : addRef.current)?.focus();
  }, [photos]);

  useImperativeHandle(handle, () => ({
    photos: async () => {
      await drawing.current;
      if (enhancedRef.current) return photosRef.current.map((photo) => photo.blob);
      return Array.from(inputRef.current?.files ?? []).filter((file) => file.size > 0);
    },
    clear: () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.url);
      showPhotos([]);
      setMessages([]);
      setAnnouncement("");
    },
    refuse: (refused, { focus } = { focus: true }) => {
      setMessages(refused);
      if (focus) (addRef.current ?? inputRef.current)?.focus();
    },
  }));

  const open = () => {
    if (isFull(photosRef.current.length)) {
      report(0, [photoMessages.tooMany]);
      return;
    }
    // The picker opens now, within the click; the code arrives while the visitor chooses.
    void loadDrawing().catch(() => {});
    inputRef.current?.click();
  };

  const remove = (index: number) => {
    const photo = photosRef.current[index];
    if (!photo) return;
    URL.revokeObjectURL(photo.url);
    focusAfterRemove.current = index;
    showPhotos(photosRef.current.filter((_, other) => other !== index));
    setMessages([]);
    setAnnouncement(texts.removed(index + 1, photosRef.current.length));
  };

  const describedBy = [hintId, messages.length > 0 ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="wide" css={fieldBox}>
      <label htmlFor={inputId}>{texts.label}</label>
      <p id={hintId} css={smallPrint}>
        {texts.hint} {photoMessages.notInDraft}
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        name={photoField}
        multiple
        accept={photoAccept}
        aria-describedby={describedBy}
        hidden={enhanced}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (enhancedRef.current) take(Array.from(event.currentTarget.files ?? []));
        }}
        css={{ marginTop: 4, maxWidth: "100%" }}
      />
      {enhanced && (
        <button ref={addRef} type="button" css={[buttonStyles.secondary, addButton]} aria-describedby={describedBy} onClick={open}>
          <Icon name="camera" size={20} />
          {texts.add}
        </button>
      )}
      {progress && (
        <p css={smallPrint} aria-hidden="true">
          {progress}
        </p>
      )}
      {photos.length > 0 && (
        <ul css={thumbnails} aria-label={texts.list}>
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <img src={photo.url} alt={texts.photo(index + 1)} />
              <button
                ref={(element) => {
                  removeRefs.current[index] = element;
                }}
                type="button"
                css={removeButton}
                aria-label={texts.remove(index + 1)}
                onClick={() => remove(index)}
              >
                <Icon name="close" size={20} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {messages.length > 0 && (
        <div id={errorId}>
          {messages.map((message, index) => (
            <FieldError key={index}>{message}</FieldError>
          ))}
        </div>
      )}
      {/* Polite as a status, yet not role="status": the form has that one already. */}
      <p id={statusId} aria-live="polite" css={visuallyHidden}>
        {announcement}
      </p>
    </div>
  );
});
