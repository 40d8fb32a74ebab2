import { pageStyles } from "../server-styles";

describe("pageStyles", () => {
  it("joins every rule the server render compiled, with the ids Emotion knows them by", () => {
    const inserted = {
      abc: ".css-abc{color:red;}@media (min-width: 768px){.css-abc{color:blue;}}",
      "animation-1": "@keyframes animation-1{from{opacity:0;}}",
      def: ".css-def li{margin:0;}",
      0: "",
      registered: true as const,
    };
    expect(pageStyles({ inserted })).toEqual({
      ids: ["abc", "animation-1", "def"],
      css: inserted.abc + inserted["animation-1"] + inserted.def,
    });
  });

  it("gives nothing for a page without styles", () => {
    expect(pageStyles({ inserted: {} })).toEqual({ ids: [], css: "" });
  });
});
