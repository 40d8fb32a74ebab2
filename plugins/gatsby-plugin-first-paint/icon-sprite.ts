import type { IconName } from "../../src/lib/icons";

/** The id of an icon's symbol in the page. */
export const iconId = (name: string) => `icon-${name}`;

/** A drawing as Lucide ships it: its elements with their attributes. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A <symbol> per icon, by icon name. A page's HTML carries the symbols of the
 * icons it draws in one hidden <svg> at the start of its body, so a <use> in
 * the same document draws at the first paint, with no request.
 * Stroke and fill are left to the <svg> that uses a symbol.
 */
export function iconSymbols(drawings: Readonly<Record<IconName, IconNode>>): Record<IconName, string> {
  const symbols = Object.entries(drawings).map(([name, node]) => {
    const elements = (node as IconNode)
      .map(([tag, attributes]) => {
        const attributeText = Object.entries(attributes)
          .filter(([attribute]) => attribute !== "key")
          .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${attributeText}/>`;
      })
      .join("");
    return [name, `<symbol id="${iconId(name)}" viewBox="0 0 24 24">${elements}</symbol>`];
  });
  return Object.fromEntries(symbols) as Record<IconName, string>;
}

/**
 * The sprite file with every symbol, for icons a page's HTML does not hold:
 * those only the browser draws (the chat) and those of
 * pages reached by a link inside the site.
 */
export const iconSpriteFile = (symbols: Readonly<Record<IconName, string>>) =>
  `<svg xmlns="http://www.w3.org/2000/svg">${Object.values(symbols).join("")}</svg>`;
