import { css } from "@emotion/react";
import { useState, type KeyboardEvent } from "react";
import type { ImageData } from "../../lib/picture";
import { pill } from "../ui/Badge";
import { Picture } from "../ui/Picture";
import { colors, radius } from "../ui/theme";

export interface ComparedImage {
  image: ImageData;
  alt: string;
}

/** A keypress moves the divider this far; a finger or mouse moves it freely. */
const keyboardStep = 10;

const frameStyle = css`
  position: relative;
  aspect-ratio: 4 / 3;
  border-radius: ${radius.card};
  overflow: hidden;
  background: ${colors.line};
  picture,
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  /* After is on the right of the divider: everything left of it is cut away. */
  .after {
    clip-path: inset(0 0 0 var(--position));
  }
  .divider {
    position: absolute;
    top: 0;
    bottom: 0;
    left: var(--position);
    width: 4px;
    margin-left: -2px;
    background: ${colors.white};
    pointer-events: none;
  }
  .divider::after {
    content: "";
    position: absolute;
    top: 50%;
    left: 50%;
    width: 44px;
    height: 44px;
    margin: -22px 0 0 -22px;
    border-radius: 50%;
    background: ${colors.white};
    box-shadow: 0 2px 8px rgba(27, 36, 48, 0.35);
  }
  /* The native slider takes pointer, touch and keys over the whole image; only the divider shows. */
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: ew-resize;
    touch-action: pan-y;
  }
  input:focus-visible + .divider::after {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

const labelStyle = css`
  ${pill(colors.slate, colors.white)}
  position: absolute;
  top: 12px;
  pointer-events: none;
`;

/**
 * The same roof before and after, on one image: drag anywhere across it, or
 * focus it and use the arrow keys. Before is on the left. A native range
 * input, so it needs no library; both pictures are in the HTML and load
 * lazily, as the browser decides.
 */
export function BeforeAfter({ before, after, label }: { before: ComparedImage; after: ComparedImage; label: string }) {
  const [position, setPosition] = useState(50);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (!direction) return;
    event.preventDefault();
    setPosition((current) => Math.min(100, Math.max(0, current + direction * keyboardStep)));
  };
  return (
    <div css={frameStyle} style={{ ["--position" as string]: `${position}%` }}>
      <Picture image={before.image} alt={before.alt} />
      <Picture image={after.image} alt={after.alt} className="after" />
      <input
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        onKeyDown={onKeyDown}
        aria-label={`${label}: schuif naar links of rechts, of gebruik de pijltjestoetsen, om voor en na te vergelijken`}
        aria-valuetext={`${position}% voor, ${100 - position}% na`}
      />
      <span className="divider" aria-hidden="true" />
      <span css={[labelStyle, { left: 12 }]} aria-hidden="true">
        Voor
      </span>
      <span css={[labelStyle, { right: 12 }]} aria-hidden="true">
        Na
      </span>
    </div>
  );
}
