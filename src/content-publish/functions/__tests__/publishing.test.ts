/**
 * @jest-environment node
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deleteEveryKey, listKeys } from "../../../contact-request/functions/request-store";
import { openLocalRequests, type LocalRequests } from "../../../../scripts/lib/requests/request-stores";
import { startStandIn } from "../../../../scripts/lib/serve/stand-in";
import { dailyPublishCron, nextDailyPublish, publishNowPerDay } from "../../shared/publish-schedule";
import { publishingPath, type PublishAnswer } from "../../shared/publish-answer";
import { buildHookFrom, type HookSetup } from "../build-hook";
import { localEditor, type CmsBackend } from "../editor-proof";
import { PublishLog, publishStoreName } from "../publish-log";
import { createPublishingHandler, publishDaily, publishTitle } from "../publishing";

let local: LocalRequests;
let log: PublishLog;
let hookStatus = 200;
let hook: Awaited<ReturnType<typeof startStandIn>>;
const lines: string[] = [];
const hookSetup = (): HookSetup => buildHookFrom(`${hook.origin}/build_hooks/content`, { local: true });

beforeAll(async () => {
  local = await openLocalRequests(fs.mkdtempSync(path.join(os.tmpdir(), "publishing-")));
  hook = await startStandIn(() => ({ status: hookStatus }));
}, 60_000);
afterAll(async () => {
  await local?.close();
  await hook?.close();
});
beforeEach(async () => {
  await deleteEveryKey(local.open(publishStoreName));
  log = new PublishLog(local.open(publishStoreName));
  hook.asked.length = 0;
  hookStatus = 200;
  lines.length = 0;
});

/** Mornings of the daily run, and the day's hours, as Amsterdam's clocks show them. */
const at = (iso: string) => new Date(iso);
const daily = (now: Date, setup: HookSetup = hookSetup()) => publishDaily({ log, hook: setup, now: () => now, logLine: (line) => lines.push(line) });

describe("the daily publish", () => {
  it("asks for one build when content was saved since the last, and not again that day", async () => {
    await log.noteSaved(at("2026-12-01T15:00:00+01:00"));
    expect(await daily(at("2026-12-02T05:30:00+01:00"))).toBe("published");
    expect(hook.asked).toHaveLength(1);
    expect(hook.asked[0]?.method).toBe("POST");
    expect(new URL(hook.asked[0]?.url ?? "", hook.origin).searchParams.get("trigger_title")).toBe(publishTitle("daily"));
    // Saved again the same morning: the day's build is taken, the change waits for tomorrow's.
    await log.noteSaved(at("2026-12-02T05:40:00+01:00"));
    expect(await daily(at("2026-12-02T05:45:00+01:00"))).toBe("already-today");
    expect(hook.asked).toHaveLength(1);
    expect(await daily(at("2026-12-03T05:30:00+01:00"))).toBe("published");
    expect(hook.asked).toHaveLength(2);
  });

  it("asks for nothing when nothing was saved, or nothing since the last build", async () => {
    expect(await daily(at("2026-12-02T05:30:00+01:00"))).toBe("nothing-waits");
    await log.noteSaved(at("2026-12-02T06:00:00+01:00"));
    await log.published(at("2026-12-02T09:00:00+01:00"));
    expect(await daily(at("2026-12-03T05:30:00+01:00"))).toBe("nothing-waits");
    expect(hook.asked).toHaveLength(0);
  });

  it("never runs without the variable, or with an address that is not a build hook: it logs one line why, and reads nothing", async () => {
    await log.noteSaved(at("2026-12-01T15:00:00+01:00"));
    for (const value of [undefined, "", "https://example.com/build_hooks/abc"]) {
      lines.length = 0;
      expect(await publishDaily({ log: new PublishLog(failingStore()), hook: buildHookFrom(value, { local: false }), now: () => at("2026-12-02T05:30:00+01:00"), logLine: (line) => lines.push(line) })).toBe("unconfigured");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("CONTENT_PUBLISH_HOOK");
    }
    expect(hook.asked).toHaveLength(0);
  });

  it("gives the day's build back when the hook refuses, so the next run tries again", async () => {
    await log.noteSaved(at("2026-12-01T15:00:00+01:00"));
    hookStatus = 500;
    expect(await daily(at("2026-12-02T05:30:00+01:00"))).toBe("hook-failed");
    expect(lines.at(-1)).toContain("content still waits");
    hookStatus = 200;
    expect(await daily(at("2026-12-02T05:35:00+01:00"))).toBe("published");
    expect(hook.asked).toHaveLength(2);
  });
});

/** A store whose every call fails: what must not be called. */
const failingStore = () =>
  new Proxy({} as ReturnType<LocalRequests["open"]>, {
    get: () => () => {
      throw new Error("the store was called");
    },
  });

describe("POST /api/content-publishing", () => {
  const now = at("2026-12-02T14:00:00+01:00");
  const handler = (options: { backend?: CmsBackend; local?: boolean; hook?: HookSetup; githubApi?: string } = {}) =>
    createPublishingHandler({
      log,
      hook: options.hook ?? hookSetup(),
      backend: options.backend ?? { name: "local" },
      local: options.local ?? true,
      now: () => now,
      logLine: (line) => lines.push(line),
      ...(options.githubApi && { githubApi: options.githubApi }),
    });
  const post = async (answer: (request: Request) => Promise<Response>, action: unknown, headers: Record<string, string> = {}) => {
    const response = await answer(new Request(`http://localhost:8888${publishingPath}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ action }) }));
    return { status: response.status, body: (await response.json()) as PublishAnswer, headers: response.headers };
  };

  it("after a save, notes that content waits and answers when the daily publish takes it", async () => {
    const { status, body, headers } = await post(handler(), "saved");
    expect(status).toBe(200);
    expect(body).toEqual({ code: "waits", publishAt: nextDailyPublish(now).toISOString(), nowLeft: publishNowPerDay });
    expect(headers.get("cache-control")).toBe("no-store");
    expect(await log.waitingSince()).toEqual(now);
    expect(hook.asked).toHaveLength(0);
  });

  it(`publishes now ${publishNowPerDay} times a day, for a flood of clicks at once too, then says when the change goes live`, async () => {
    const answer = handler();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(answer, "now")));
    expect(answers.filter(({ status }) => status === 202)).toHaveLength(publishNowPerDay);
    expect(answers.filter(({ status }) => status === 429).map(({ body }) => body)).toEqual(
      Array.from({ length: 20 - publishNowPerDay }, () => ({ code: "now-limit", publishAt: nextDailyPublish(now).toISOString() })),
    );
    expect(hook.asked).toHaveLength(publishNowPerDay);
    expect(new URL(hook.asked[0]?.url ?? "", hook.origin).searchParams.get("trigger_title")).toBe(publishTitle("now", localEditor));
    expect(await log.month("2026-12")).toEqual({ productionDeploys: 0, contentPublishes: { daily: 0, now: publishNowPerDay } });
  });

  it("gives an editor's build back when the hook refuses", async () => {
    hookStatus = 503;
    expect((await post(handler(), "now")).body).toMatchObject({ code: "hook-failed" });
    expect(await listKeys(local.open(publishStoreName), "publishes/")).toEqual([]);
  });

  it("refuses other sites, other methods and other actions", async () => {
    expect((await post(handler(), "now", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await handler()(new Request(`http://localhost:8888${publishingPath}`))).status).toBe(405);
    expect(await post(handler(), "deploy")).toMatchObject({ status: 400, body: { code: "unknown-action" } });
    expect(hook.asked).toHaveLength(0);
  });

  it("takes the local backend's editor only where the function runs locally", async () => {
    expect(await post(handler({ local: false }), "now")).toMatchObject({ status: 403, body: { code: "unconfigured" } });
    expect(hook.asked).toHaveLength(0);
  });

  it("without the hook says a save goes live with its own deploy, and cannot publish now", async () => {
    const unset = buildHookFrom(undefined, { local: true });
    expect(await post(handler({ hook: unset }), "saved")).toMatchObject({ status: 200, body: { code: "live-with-deploy" } });
    expect(await post(handler({ hook: unset }), "now")).toMatchObject({ status: 503, body: { code: "publishing-unconfigured" } });
  });

  describe("with the GitHub backend", () => {
    const repo = "dakdekker/site";
    const editorToken = `gho_${"e".repeat(36)}`;
    const readerToken = `gho_${"r".repeat(36)}`;
    let github: Awaited<ReturnType<typeof startStandIn>>;
    beforeAll(async () => {
      // GitHub's answers as its API gives them: the repository with the token's permissions, and the token's user.
      github = await startStandIn((request) => {
        const token = request.authorization?.replace("Bearer ", "");
        if (token !== editorToken && token !== readerToken) return { status: 401, body: { message: "Bad credentials" } };
        if (request.url === "/user") return { status: 200, body: { login: token === editorToken ? "redacteur" : "lezer" } };
        if (request.url === `/repos/${repo}`) return { status: 200, body: { full_name: repo, permissions: { pull: true, push: token === editorToken } } };
        return { status: 404, body: { message: "Not Found" } };
      });
    });
    afterAll(() => github?.close());
    const githubHandler = () => handler({ backend: { name: "github", repo }, local: false, githubApi: github.origin });

    it("publishes for a token that may push to the repository, naming its login", async () => {
      expect(await post(githubHandler(), "now", { authorization: `Bearer ${editorToken}` })).toMatchObject({ status: 202, body: { code: "publishing" } });
      expect(new URL(hook.asked[0]?.url ?? "", hook.origin).searchParams.get("trigger_title")).toBe(publishTitle("now", "redacteur"));
    });

    it("refuses a token that may only read, an unknown one, none, and one that is not a token (which is not sent on)", async () => {
      github.asked.length = 0;
      expect(await post(githubHandler(), "now", { authorization: `Bearer ${readerToken}` })).toMatchObject({ status: 403, body: { code: "not-an-editor" } });
      expect(await post(githubHandler(), "saved", { authorization: `Bearer gho_${"x".repeat(36)}` })).toMatchObject({ status: 403, body: { code: "not-an-editor" } });
      expect(github.asked).toHaveLength(4);
      expect(await post(githubHandler(), "now")).toMatchObject({ status: 401, body: { code: "no-token" } });
      expect(await post(githubHandler(), "now", { authorization: "Bearer ../../user?x=1" })).toMatchObject({ status: 401, body: { code: "no-token" } });
      expect(github.asked).toHaveLength(4);
      expect(hook.asked).toHaveLength(0);
      expect(await log.waitingSince()).toBeNull();
    });

    it("refuses when the build wrote no repository", async () => {
      expect(await post(handler({ backend: { name: "github", repo: null }, local: false }), "now", { authorization: `Bearer ${editorToken}` })).toMatchObject({ status: 403, body: { code: "unconfigured" } });
    });
  });
});

describe("the build hook's address", () => {
  it("is a build hook of Netlify's API, or on `npm run cms` one on this machine", () => {
    expect(buildHookFrom("https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78", { local: false })).toHaveProperty("hook");
    for (const value of ["http://api.netlify.com/build_hooks/abc", "https://api.netlify.com.evil.test/build_hooks/abc", "https://api.netlify.com/api/v1/sites", "https://api.netlify.com/build_hooks/abc?trigger_branch=x", "http://127.0.0.1:9/build_hooks/abc", "not a url"]) {
      expect(buildHookFrom(value, { local: false })).toEqual({ problem: "not-a-build-hook" });
    }
    expect(buildHookFrom("http://127.0.0.1:9/build_hooks/abc", { local: true })).toHaveProperty("hook");
    expect(buildHookFrom(undefined, { local: false })).toEqual({ problem: "unset" });
  });
});

describe("the daily publish's time", () => {
  it("is the schedule the function's config gives Netlify", () => {
    const source = fs.readFileSync(path.join(__dirname, "../../../../netlify/functions/publish-content/publish-content.mts"), "utf8");
    expect(/schedule: "([^"]+)"/.exec(source)?.[1]).toBe(dailyPublishCron);
  });
});

describe("the CMS's endpoint", () => {
  it("is the path the function's config gives Netlify", () => {
    const source = fs.readFileSync(path.join(__dirname, "../../../../netlify/functions/content-publishing/content-publishing.mts"), "utf8");
    expect(/path: "([^"]+)"/.exec(source)?.[1]).toBe(publishingPath);
  });

  it("is today's run before it, tomorrow's after", () => {
    expect(nextDailyPublish(at("2026-12-02T03:00:00Z")).toISOString()).toBe("2026-12-02T04:30:00.000Z");
    expect(nextDailyPublish(at("2026-12-02T04:30:00Z")).toISOString()).toBe("2026-12-03T04:30:00.000Z");
    expect(nextDailyPublish(at("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-07-02T04:30:00.000Z");
  });
});

describe("the month's deploys", () => {
  it("are counted once each, in the month an instance first ran", async () => {
    const july = at("2026-07-31T23:30:00+02:00");
    await Promise.all([new PublishLog(local.open(publishStoreName)).noteDeploy("a", july), log.noteDeploy("a", july), log.noteDeploy("b", at("2026-08-01T00:30:00+02:00"))]);
    await log.noteDeploy("a", at("2026-08-01T09:00:00+02:00"));
    expect(await log.month("2026-07")).toEqual({ productionDeploys: 1, contentPublishes: { daily: 0, now: 0 } });
    expect(await log.month("2026-08")).toEqual({ productionDeploys: 1, contentPublishes: { daily: 0, now: 0 } });
  });
});
