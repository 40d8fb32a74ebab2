import { iconId, type IconName } from "./icons";

/** A drawing as Lucide ships it: its elements with their attributes. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string | number>>])[];

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A <symbol> per icon, for one hidden <svg> at the start of every page: a
 * <use> in the same document draws at the first paint, with no request.
 * Stroke and fill are left to the <svg> that uses a symbol.
 */
export function iconSymbols(drawings: Readonly<Record<IconName, IconNode>>): string {
  return Object.entries(drawings)
    .map(([name, node]) => {
      const elements = (node as IconNode)
        .map(([tag, attributes]) => {
          const attributeText = Object.entries(attributes)
            .filter(([attribute]) => attribute !== "key")
            .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
            .join("");
          return `<${tag}${attributeText}/>`;
        })
        .join("");
      return `<symbol id="${iconId(name)}" viewBox="0 0 24 24">${elements}</symbol>`;
    })
    .join("");
}
