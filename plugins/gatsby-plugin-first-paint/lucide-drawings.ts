import { iconDrawings, type IconName } from "../../src/lib/icons";
import type { IconNode } from "./icon-sprite";

/** The drawing an icon's module exports, or an error naming the file, so an upgrade of lucide-react that moves it stops the build with that. */
export function iconNode(drawing: string, module: { __iconData?: { node?: unknown } }): IconNode {
  const node = module.__iconData?.node;
  if (!Array.isArray(node)) {
    throw new Error(
      `lucide-react/dist/esm/icons/${drawing}.mjs exports no __iconData.node any more (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist")`,
    );
  }
  return node as IconNode;
}

/**
 * Lucide's drawing of each icon, read from the package by gatsby-node (outside
 * webpack, which would bundle every icon). Each icon's module and its
 * `__iconData` are lucide-react's internals: __tests__/icon-sprite.test.ts
 * reads every icon the site names.
 */
export async function lucideDrawings(): Promise<Record<IconName, IconNode>> {
  const entries = await Promise.all(
    Object.entries(iconDrawings).map(async ([name, drawing]) => {
      const module = (await import(`lucide-react/dist/esm/icons/${drawing}.mjs`)) as { __iconData?: { node?: unknown } };
      return [name, iconNode(drawing, module)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<IconName, IconNode>;
}
