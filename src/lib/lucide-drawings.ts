import type { IconNode } from "./icon-sprite";
import { iconDrawings, type IconName } from "./icons";

/** Lucide's drawing of each icon, read from the package by gatsby-node (outside webpack, which would bundle every icon). */
export async function lucideDrawings(): Promise<Record<IconName, IconNode>> {
  const entries = await Promise.all(
    Object.entries(iconDrawings).map(async ([name, drawing]) => {
      const module = (await import(`lucide-react/dist/esm/icons/${drawing}.mjs`)) as { __iconData: { node: IconNode } };
      return [name, module.__iconData.node] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<IconName, IconNode>;
}
