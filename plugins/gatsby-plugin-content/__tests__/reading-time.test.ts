import { countWords, readingMinutes } from "../reading-time";

describe("countWords", () => {
  it("counts words, not Markdown marks", () => {
    expect(countWords("## Kop\n\n- een punt\n- twee punten, € 75 per m²")).toBe(8);
  });
});

describe("readingMinutes", () => {
  it("rounds up to whole minutes at 200 words a minute, at least one", () => {
    expect(readingMinutes("woord ".repeat(200))).toBe(1);
    expect(readingMinutes("woord ".repeat(201))).toBe(2);
    expect(readingMinutes("woord ".repeat(901))).toBe(5);
    expect(readingMinutes("")).toBe(1);
  });
});
