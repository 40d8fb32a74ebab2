import { iconNames } from "../../../src/lib/icons";
import { iconId, iconSpriteFile, iconSymbols } from "../icon-sprite";
import { iconNode, lucideDrawings } from "../lucide-drawings";

describe("the icon symbols", () => {
  it("hold a drawing for every icon name, under its id", async () => {
    const symbols = iconSymbols(await lucideDrawings());
    expect(Object.keys(symbols).sort()).toEqual([...iconNames].sort());
    for (const name of iconNames) expect(symbols[name]).toMatch(new RegExp(`^<symbol id="${iconId(name)}" viewBox="0 0 24 24"><[a-z]+ .*</symbol>$`));
    // Lucide's React keys are not drawing attributes.
    expect(Object.values(symbols).join("")).not.toContain(" key=");
  });

  it("stop, naming the icon's file, if lucide-react no longer exports its drawing as __iconData.node", () => {
    expect(() => iconNode("house", { __iconData: {} })).toThrow(
      'lucide-react/dist/esm/icons/house.mjs exports no __iconData.node any more (plugins/gatsby-plugin-first-paint/README.md, "Upgrade checklist")',
    );
  });

  it("escape attribute values", () => {
    expect(iconSymbols({ check: [["path", { d: 'a"<&' }]] } as never)).toEqual({ check: '<symbol id="icon-check" viewBox="0 0 24 24"><path d="a&quot;&lt;&amp;"/></symbol>' });
  });

  it("make a standalone sprite file of every symbol", async () => {
    const symbols = iconSymbols(await lucideDrawings());
    const file = iconSpriteFile(symbols);
    expect(file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol /);
    expect(file.match(/<symbol /g)).toHaveLength(iconNames.length);
  });
});
