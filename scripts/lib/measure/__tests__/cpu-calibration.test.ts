import { slowdownForTbt } from "../cpu-calibration";

describe("the slowdown that makes a page block for a given time", () => {
  it("keeps the slowdown where the page blocks no longer than that already", () => {
    expect(slowdownForTbt([100, 60], 4, 75)).toBe(4);
    expect(slowdownForTbt([], 4, 75)).toBe(4);
  });

  it("lowers it until the tasks' time over 50 ms adds up to the target", () => {
    // At 4x: 280 and 130 ms, so 70 and 32.5 ms a unit of slowdown; m·102.5 - 100 = 75 gives m = 1.71.
    expect(slowdownForTbt([280, 130], 4, 75)).toBeCloseTo(1.71, 2);
    // One task alone: m·70 - 50 = 75.
    expect(slowdownForTbt([280, 40], 4, 75)).toBeCloseTo(1.79, 2);
  });
});
