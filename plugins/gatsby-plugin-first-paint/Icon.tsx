import { createContext, useContext } from "react";
import type { IconName } from "../../src/lib/icons";
import { iconId } from "./icon-sprite";

/** The sprite file with every icon's symbol, named by this plugin's gatsby-node after its content. */
declare const __ICON_SPRITE_URL__: string;

/**
 * While the server renders a page, the icons it draws: this plugin's
 * gatsby-ssr puts their symbols, and only theirs, at the start of the page's body.
 */
export const IconsDrawnOnPage = createContext<Set<IconName> | null>(null);

interface IconProps {
  /** One of the site's icons (src/lib/icons.ts); content-schema holds content files to them. */
  name: IconName;
  /** Width and height in CSS pixels. */
  size?: number;
  /** The stroke colour; the text colour around it by default. */
  color?: string;
  /** Filled drawings, such as a given star. */
  fill?: string;
  className?: string;
}

/**
 * A decorative icon: a reference to its symbol, which the page carries in its
 * HTML when the server drew the icon (plugin README, "No drawing in the
 * script"), and the sprite file holds for what only the browser draws. Its
 * meaning is always in the text beside it.
 */
export function Icon({ name, size = 24, color = "currentColor", fill = "none", className }: IconProps) {
  const drawnOnPage = useContext(IconsDrawnOnPage);
  drawnOnPage?.add(name);
  const id = iconId(name);
  // In the browser the same answer as the server's while hydrating: every icon it drew has its symbol in the page.
  const inPage = drawnOnPage !== null || document.getElementById(id) !== null;
  return (
    <svg
      width={size}
      height={size}
      fill={fill}
      stroke={color}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={inPage ? `#${id}` : `${__ICON_SPRITE_URL__}#${id}`} />
    </svg>
  );
}
