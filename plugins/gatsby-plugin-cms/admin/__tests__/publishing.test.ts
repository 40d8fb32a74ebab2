import { cmsLabels } from "../../labels";
import { publishingMessage } from "../publishing";
import { dailyPublishLiveBy, nextDailyPublish, publishNowPerDay } from "../../../../src/content-publish/shared/publish-schedule";
import type { PublishAnswer, PublishCode } from "../../../../src/content-publish/shared/publish-answer";

const labels = cmsLabels.publishing;

describe("what the CMS says after a save and after 'publish now'", () => {
  it("names today before the morning's run and tomorrow after it, with the time it is live by", () => {
    for (const [now, day] of [
      [new Date("2026-12-02T05:00:00+01:00"), labels.today],
      [new Date("2026-12-02T14:00:00+01:00"), labels.tomorrow],
      [new Date("2026-07-02T23:30:00+02:00"), labels.tomorrow],
    ] as const) {
      const { text, offer } = publishingMessage({ code: "waits", publishAt: nextDailyPublish(now).toISOString(), nowLeft: 2 }, now, labels);
      expect(text).toContain(`${day} vóór ${dailyPublishLiveBy}`);
      expect(offer).toEqual({ left: 2 });
    }
  });

  it("offers no 'publish now' when none is left, and says the limit when it is reached", () => {
    const now = new Date("2026-12-02T14:00:00+01:00");
    const publishAt = nextDailyPublish(now).toISOString();
    expect(publishingMessage({ code: "waits", publishAt, nowLeft: 0 }, now, labels).offer).toBeNull();
    const limit = publishingMessage({ code: "now-limit", publishAt }, now, labels);
    expect(limit.text).toContain(String(publishNowPerDay));
    expect(limit.offer).toBeNull();
    expect(publishingMessage({ code: "hook-failed", publishAt }, now, labels).offer).toEqual({ left: null });
  });

  it("words every answer in Dutch, with every placeholder filled", () => {
    const now = new Date("2026-12-02T14:00:00+01:00");
    const publishAt = nextDailyPublish(now).toISOString();
    const answers: Record<PublishCode, PublishAnswer> = {
      waits: { code: "waits", publishAt, nowLeft: 1 },
      "live-with-deploy": { code: "live-with-deploy" },
      publishing: { code: "publishing", nowLeft: 1 },
      "now-limit": { code: "now-limit", publishAt },
      "hook-failed": { code: "hook-failed", publishAt },
      "publishing-unconfigured": { code: "publishing-unconfigured" },
      "unknown-action": { code: "unknown-action" },
      "forbidden-origin": { code: "forbidden-origin" },
      "no-token": { code: "no-token" },
      "not-an-editor": { code: "not-an-editor" },
      unconfigured: { code: "unconfigured" },
      "github-unreachable": { code: "github-unreachable" },
    };
    for (const answer of Object.values(answers)) expect(publishingMessage(answer, now, labels).text).toMatch(/^[^{}]+$/);
  });
});
