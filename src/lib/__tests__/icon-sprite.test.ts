import { iconSymbols } from "../icon-sprite";
import { lucideDrawings } from "../lucide-drawings";
import { iconId, iconNames } from "../icons";

describe("the icon symbols", () => {
  it("hold a drawing for every icon name", async () => {
    const symbols = iconSymbols(await lucideDrawings());
    for (const name of iconNames) expect(symbols).toMatch(new RegExp(`<symbol id="${iconId(name)}" viewBox="0 0 24 24"><[a-z]+ `));
    expect(symbols.match(/<symbol /g)).toHaveLength(iconNames.length);
    // Lucide's React keys are not drawing attributes.
    expect(symbols).not.toContain(" key=");
  });

  it("escape attribute values", () => {
    expect(iconSymbols({ check: [["path", { d: 'a"<&' }]] } as never)).toBe('<symbol id="icon-check" viewBox="0 0 24 24"><path d="a&quot;&lt;&amp;"/></symbol>');
  });
});
