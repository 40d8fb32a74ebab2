/**
 * HydrateLater on the real hydration path: server HTML from react-dom/server,
 * hydrated by the function this plugin hands Gatsby (hydration.ts), as Gatsby
 * calls it. Real timers: the turns are tasks.
 */
import { nextTask, until } from "./react-in-jsdom";
import { useEffect, useState, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { HydrateLater } from "../HydrateLater";
import { hydrate } from "../hydration";
import { maxTurns, startTurns, turnToWaitFor } from "../turns";

/** What has hydrated, in order. */
type Log = string[];

function Part({ name, log }: { name: string; log: Log }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    log.push(name);
  }, [name, log]);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  );
}

/** Around the parts. */
function Shell({ log, children }: { log: Log; children: ReactNode }) {
  useEffect(() => {
    log.push("shell");
  }, [log]);
  return <main>{children}</main>;
}

/**
 * As Gatsby's root renders a page, inside #gatsby-focus-wrapper: the shell and
 * parts that wait. A page hydrates once, and the turns know a part by React's
 * id for it, which comes from its place in the page: each test's page has its
 * parts in another place.
 */
function Page({ parts, inSection = false, log }: { parts: string[]; inSection?: boolean; log: Log }) {
  const waiting = parts.map((part) => (
    <HydrateLater key={part}>
      <Part name={part} log={log} />
    </HydrateLater>
  ));
  return (
    <div id="gatsby-focus-wrapper">
      <Shell log={log}>{inSection ? [<hr key="rule" />, <section key="parts">{waiting}</section>] : waiting}</Shell>
    </div>
  );
}

const threeParts = ["header", "section", "footer"];
const fourParts = ["header", "section", "aside", "footer"];

/** The server's HTML, rendered before any test starts the turns (the server never does). */
const serverHtml = {
  threeParts: renderToString(<Page parts={threeParts} log={[]} />),
  fourPartsInSection: renderToString(<Page parts={fourParts} inSection log={[]} />),
};

function serverRenderedPage(html: string) {
  document.body.innerHTML = `<div id="___gatsby">${html}</div>`;
  return document.getElementById("___gatsby") as HTMLElement;
}

let errors: jest.SpyInstance;
let timers: jest.SpyInstance | undefined;
beforeEach(() => {
  errors = jest.spyOn(console, "error");
});
afterEach(() => {
  // No hydration mismatch, no recoverable error: React kept the server's HTML.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  timers?.mockRestore();
  timers = undefined;
});

describe("HydrateLater", () => {
  it("shows what React draws in the browser without server HTML at once, while the turns are on", async () => {
    // As after a hydration mismatch or on a page the server did not render: nothing to keep, so no turn to wait for.
    startTurns();
    document.body.innerHTML = "<div></div>";
    createRoot(document.body.firstElementChild as HTMLElement).render(
      <>
        <HydrateLater>
          <p>Eerste sectie</p>
        </HydrateLater>
        <HydrateLater>
          <p>Tweede sectie</p>
        </HydrateLater>
        <HydrateLater>
          <p>Derde sectie</p>
        </HydrateLater>
      </>,
    );
    await until(() => document.body.textContent === "Eerste sectieTweede sectieDerde sectie");
  });

  /**
   * The turns as the test hands them out: in jsdom React's scheduler runs on
   * timers too, so the turns' zero-delay timers would all come before React's
   * work. Every other timer runs as it is.
   */
  function holdTurns() {
    const due: (() => void)[] = [];
    const setTimeoutAsIs = globalThis.setTimeout;
    timers = jest.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, delay?: number) => {
      if (callback.name !== "releaseOneEachTask") return setTimeoutAsIs(callback, delay);
      due.push(callback);
      return 0;
    }) as typeof setTimeout);
    return due;
  }

  /** A few tasks for React to do what it would. */
  const settle = async () => {
    for (let task = 0; task < 20; task += 1) await nextTask();
  };

  it("hydrates the server's HTML part by part, one part a turn, after the shell, keeping every element", async () => {
    const turns = holdTurns();
    const container = serverRenderedPage(serverHtml.threeParts);
    const serverButtons = [...container.querySelectorAll("button")];
    const log: Log = [];
    hydrate(<Page parts={threeParts} log={log} />, container);
    await until(() => log.length > 0);
    await settle();
    expect(log).toEqual(["shell"]);
    for (const part of threeParts) {
      expect(turns).toHaveLength(1);
      turns.shift()?.();
      await until(() => log.length > 1 && log.at(-1) === part);
      await settle();
      expect(log.at(-1)).toBe(part);
    }
    expect(turns).toHaveLength(0);
    expect([...container.querySelectorAll("button")]).toEqual(serverButtons);
    serverButtons[2].click();
    await until(() => serverButtons[2].textContent === "footer 1");
  });

  it("hydrates every waiting part at once on the visitor's first key press, pointer or focus", async () => {
    const turns = holdTurns();
    const container = serverRenderedPage(serverHtml.fourPartsInSection);
    const log: Log = [];
    hydrate(<Page parts={fourParts} inSection log={log} />, container);
    await until(() => log.length > 0);
    await settle();
    expect(log).toEqual(["shell"]);
    document.dispatchEvent(new Event("pointerdown"));
    await until(() => log.length === 5);
    expect(log).toEqual(["shell", ...fourParts]);
    expect(turns).toHaveLength(1);
  });

  it("fails with an error, not a blank page, when asked for more turns than a page has parts", () => {
    startTurns();
    // As each retry of a part React draws in the browser would, were it told it hydrates: a new id every time.
    expect(() => {
      for (let turn = 0; turn <= maxTurns; turn += 1) void turnToWaitFor(`:r${turn}:`);
    }).toThrow(`over ${maxTurns} turns`);
    document.dispatchEvent(new Event("keydown"));
  });
});
