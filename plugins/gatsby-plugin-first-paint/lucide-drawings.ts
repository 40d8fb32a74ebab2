import { iconDrawings, type IconName } from "../../src/lib/icons";
import type { IconNode } from "./icon-sprite";

/**
 * Lucide's drawing of each icon, read from the package by gatsby-node (outside
 * webpack, which would bundle every icon). Each icon's module and its
 * `__iconData` are lucide-react's internals: __tests__/icon-sprite.test.ts
 * reads every icon the site names.
 */
export async function lucideDrawings(): Promise<Record<IconName, IconNode>> {
  const entries = await Promise.all(
    Object.entries(iconDrawings).map(async ([name, drawing]) => {
      const module = (await import(`lucide-react/dist/esm/icons/${drawing}.mjs`)) as { __iconData: { node: IconNode } };
      return [name, module.__iconData.node] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<IconName, IconNode>;
}
