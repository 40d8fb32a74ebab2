import { serverStyleBlocks } from "../server-styles";

describe("serverStyleBlocks", () => {
  it("puts globals first, one block each, then all classes and keyframes in one block Emotion's browser cache adopts", () => {
    const inserted = {
      abc: ".css-abc{color:red;}@media (min-width: 768px){.css-abc{color:blue;}}",
      g1: "*{box-sizing:border-box;}",
      "animation-1": "@-webkit-keyframes animation-1{from{opacity:0;}}@keyframes animation-1{from{opacity:0;}}",
      def: ".css-def li{margin:0;}",
      0: "",
      registered: true as const,
    };
    expect(serverStyleBlocks({ key: "css", inserted })).toEqual([
      { dataEmotion: "css-global g1", css: "*{box-sizing:border-box;}" },
      { dataEmotion: "css abc animation-1 def", css: inserted.abc + inserted["animation-1"] + inserted.def },
    ]);
  });

  it("gives nothing for a page without styles", () => {
    expect(serverStyleBlocks({ key: "css", inserted: {} })).toEqual([]);
  });
});
