import company from "../../../content/company.json";
import { fillFacts } from "../facts";

describe("fillFacts", () => {
  it("fills placeholders from the company file", () => {
    expect(fillFacts("{rating} uit {reviewCount} beoordelingen", company)).toBe("4,9 uit 247 beoordelingen");
    expect(fillFacts("{customers}+ klanten in {townCount} plaatsen", company)).toBe("500+ klanten in 11 plaatsen");
    expect(fillFacts("Waarom {name}?", company)).toBe(`Waarom ${company.name}?`);
  });

  it("leaves text without placeholders alone", () => {
    expect(fillFacts("24/7", company)).toBe("24/7");
  });

  it("refuses an unknown placeholder instead of showing it to visitors", () => {
    expect(() => fillFacts("Sinds {oprichting}", company)).toThrow("Unknown placeholder {oprichting}");
  });
});
