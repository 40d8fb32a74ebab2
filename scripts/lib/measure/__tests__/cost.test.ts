/** @jest-environment node */
import { publishNowPerDay } from "../../../../src/content-publish/shared/publish-schedule";
import { costTable } from "../bench-summary";
import {
  cpuFactorAt1Gb,
  jobRunsPerMonth,
  monthCost,
  netlifyPricing,
  normalMonth,
  planFits,
  productionDeploys,
  stormMonth,
  whatWouldFit,
  type CostMeasured,
} from "../cost";

/** Round figures, the same for a first and a repeat visit, so the month's sums can be followed by hand. */
const visit = { requests: 30, bytes: 300_000, headerBytes: 30_000 };
const measured: CostMeasured = {
  visits: { routes: ["/", "/contact"], first: visit, repeat: visit, byViewport: [{ viewport: "phone", first: visit, repeat: visit }] },
  form: { photos: 5, photoBytes: 600_000, coldStartMs: 0, ms: 2000, answer: { requests: 1, bytes: 1000, headerBytes: 800 } },
  requestPage: { coldStartMs: 0, ms: 1000, traffic: { requests: 10, bytes: 1_000_000, headerBytes: 5000 } },
  job: { coldStartMs: 0, idleMs: 100, workMs: 500 },
};

describe("a month's credits on Netlify", () => {
  it("runs the mailing job every 5 minutes of a 30-day month", () => {
    expect(jobRunsPerMonth).toBe(8640);
  });

  it("publishes content once on each day it waits on, adds the storm's publish-nows and the code deploys, and without batching deploys every change", () => {
    expect(productionDeploys(normalMonth)).toEqual({ contentPublishes: 10, publishNows: 0, code: 2 });
    expect(productionDeploys(stormMonth)).toEqual({ contentPublishes: 20, publishNows: 15, code: 2 });
    expect(productionDeploys(normalMonth, { batched: false })).toEqual({ contentPublishes: 30, publishNows: 0, code: 2 });
    expect(productionDeploys({ ...normalMonth, contentChanges: 500 }).contentPublishes).toBe(30);
  });

  it("never has more publish-nows than the daily limit allows", () => {
    expect(stormMonth.publishNows).toBeLessThanOrEqual(publishNowPerDay * 30);
    expect(() => productionDeploys({ ...stormMonth, publishNows: publishNowPerDay * 30 + 1 })).toThrow(/more than 3 a day allow/);
  });

  it("prices each meter at Netlify's rates", () => {
    const { meters, credits } = monthCost(normalMonth, measured);
    expect(meters.deploys).toEqual({ quantity: 12, credits: 180 });
    // 5,000 visits of 300 KB, 150 answers of 1 KB, 100 request-page views of 1 MB.
    expect(meters.bandwidth.quantity).toBeCloseTo(1.60015, 8);
    expect(meters.bandwidth.credits).toBeCloseTo(32.003, 6);
    // 150,000 of the visits, 150 posts, 1,000 of the request pages and the job's 8,640 runs.
    expect(meters.webRequests).toEqual({ quantity: 159_790, credits: 31.958 });
    // 150 posts of 2 s, 100 views of 1 s, 8,490 idle runs of 0.1 s and 150 runs with work of 0.5 s: 1,324 s at 1 GB.
    expect(meters.compute.quantity).toBeCloseTo((1324 * cpuFactorAt1Gb) / 3600, 9);
    expect(meters.compute.credits).toBeCloseTo(meters.compute.quantity * 10, 9);
    expect(credits).toBeCloseTo(180 + 32.003 + 31.958 + meters.compute.credits, 9);
  });

  it("costs the unbatched month a deploy per content change more", () => {
    const batched = monthCost(normalMonth, measured);
    const unbatched = monthCost(normalMonth, measured, { batched: false });
    expect(unbatched.credits - batched.credits).toBe((30 - 10) * netlifyPricing.productionDeployCredits);
  });

  it("says which plans a month fits, and which with room to spare under Netlify's 75 % warning", () => {
    expect(planFits(225).map(({ plan, room, withRoomToSpare }) => [plan.name, room, withRoomToSpare])).toEqual([
      ["Free", 75, true],
      ["Personal", 775, true],
      ["Pro", 2775, true],
    ]);
    expect(planFits(301).map(({ room, withRoomToSpare }) => [room, withRoomToSpare])).toEqual([
      [-1, false],
      [699, true],
      [2699, true],
    ]);
  });

  it("names the dearest meter of a month over the Free plan's 225 and how far it must come down", () => {
    const [free, personal] = netlifyPricing.plans;
    const cost = monthCost(normalMonth, measured);
    // 225 less the other meters' 70.3 credits leaves 154.7: 10 deploys of 15.
    expect(whatWouldFit(cost, free)).toEqual({ meter: "deploys", credits: 180, atMost: 10 });
    expect(whatWouldFit(cost, personal)).toBeNull();
    const heavyPages = monthCost(normalMonth, { ...measured, visits: { ...measured.visits, first: { ...visit, bytes: 2_000_000 }, repeat: { ...visit, bytes: 2_000_000 } } });
    const bandwidth = whatWouldFit(heavyPages, free);
    expect(bandwidth?.meter).toBe("bandwidth");
    // Within 225: 180 deploys, 31.958 web requests and the compute leave this much for bandwidth, at 20 credits a GB.
    expect(bandwidth?.atMost).toBeCloseTo((225 - 180 - 31.958 - heavyPages.meters.compute.credits) / 20, 9);
  });

  it("prints both months, the plans and what would make the normal month fit the Free plan", () => {
    const table = costTable({ measured }).join("\n");
    expect(table).toContain("| | normal month | storm month |");
    expect(table).toContain('| production deploys: daily publishes + "publish now" + code | 10 + 0 + 2 = 12 | 20 + 15 + 2 = 37 |');
    expect(table).toContain("| without batching: a deploy per content change | 32 deploys, ");
    expect(table).toMatch(/\| Free: 300 credits, \$0 a month \| fits, [\d.]+ left \(\d+ %\), past the 75 % warning \| \*\*[\d,.]+ over\*\* \|/);
    expect(table).toContain(
      "**The normal month does not fit the Free plan with room to spare** (under Netlify's 75 % warning, 225 of its 300 credits): it takes 250, of which production deploys 180, its dearest meter. " +
        "It would fit with at most 10 production deploys a month: with its 2 code deploys, content published on at most 8 days (the daily publish on set weekdays only, say), not 10; or on the Personal plan.",
    );
  });
});
