import { goals, missedGoals } from "../goals";
import { budgets } from "../page-weight";

const meeting = { lcpMs: 1000, fcpMs: 900, tbtMs: 50, cls: 0, performance: 100, scriptTransferBytes: budgets.scriptTransferGzip };

describe("the goals of every route", () => {
  it("holds script to the budget of the byte budgets, so the two cannot drift apart", () => {
    expect(goals.scriptTransferBytes).toBe(budgets.scriptTransferGzip);
  });

  it("is met at each limit exactly", () => {
    expect(missedGoals(meeting)).toEqual([]);
  });

  it("names each goal missed with the figure and the limit, performance being a minimum", () => {
    expect(missedGoals({ ...meeting, lcpMs: 1822, cls: 0.002, performance: 99, scriptTransferBytes: 137_090 })).toEqual([
      "LCP 1822 ms > 1000 ms",
      "CLS 0.002 > 0",
      "performance 99 < 100",
      "script 133.9 KiB > 100.0 KiB",
    ]);
  });

  it("checks only the goals asked for", () => {
    expect(missedGoals({ ...meeting, tbtMs: 120, lcpMs: 1100 }, ["lcpMs", "scriptTransferBytes"])).toEqual(["LCP 1100 ms > 1000 ms"]);
  });
});
