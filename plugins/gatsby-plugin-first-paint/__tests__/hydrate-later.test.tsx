/**
 * HydrateLater on the real hydration path: server HTML from react-dom/server,
 * hydrated by the function this plugin hands Gatsby (hydration.ts), as Gatsby
 * calls it. Real timers: the turns are tasks.
 */
import { useEffect, useState, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { HydrateLater } from "../HydrateLater";
import { hydrate } from "../hydration";
import { maxTurns, startTurns, turnToWaitFor } from "../turns";

/** React's warnings about updates outside act() are for tests that drive React through act(); these let React run as in a browser. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 1) {
    if (waited > 2000) throw new Error("timed out");
    await nextTask();
  }
}

/** What has hydrated, in order; each part notes what had hydrated before it. */
type Log = { name: string; before: string[] }[];

function Part({ name, log }: { name: string; log: Log }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    log.push({ name, before: log.map((entry) => entry.name) });
  }, [name, log]);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  );
}

/** Around the parts: its effect runs after theirs when they hydrate in the same render. */
function Shell({ log, children }: { log: Log; children: ReactNode }) {
  useEffect(() => {
    log.push({ name: "shell", before: log.map((entry) => entry.name) });
  }, [log]);
  return <main>{children}</main>;
}

/** As Gatsby's root renders a page, inside #gatsby-focus-wrapper: the shell and three parts that wait. */
function Page({ log }: { log: Log }) {
  return (
    <div id="gatsby-focus-wrapper">
      <Shell log={log}>
            <Part name="header" log={log} />
        </HydrateLater>
        <HydrateLater>
          <Part name="section" log={log} />
        </HydrateLater>
        <HydrateLater>
          <Part name="footer" log={log} />
        </HydrateLater>
      </Shell>
    </div>
  );
}

/** The server's HTML, rendered before any test starts the turns (the server never does). */
const serverHtml = renderToString(<Page log={[]} />);

function serverRenderedPage() {
  document.body.innerHTML = `<div id="___gatsby">${serverHtml}</div>`;
  return document.getElementById("___gatsby") as HTMLElement;
}

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, "error");
});
afterEach(() => {
  // No hydration mismatch, no recoverable error: React kept the server's HTML.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
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

  it("hydrates the server's HTML part by part, after the shell, keeping every element", async () => {
    const container = serverRenderedPage();
    const serverButtons = [...container.querySelectorAll("button")];
    const log: Log = [];
    hydrate(<Page log={log} />, container);
    await until(() => log.length === 4);
    // The shell's effect first: the parts inside it hydrated in later renders, one after the other.
    expect(log).toEqual([
      { name: "shell", before: [] },
      { name: "header", before: ["shell"] },
      { name: "section", before: ["shell", "header"] },
      { name: "footer", before: ["shell", "header", "section"] },
    ]);
    expect([...container.querySelectorAll("button")]).toEqual(serverButtons);
    serverButtons[3].click();
    await until(() => serverButtons[3].textContent === "footer 1");
  });

  it("hydrates every part at once after the visitor's first key press, pointer or focus", async () => {
    const container = serverRenderedPage();
    const log: Log = [];
    hydrate(<Page log={log} />, container);
    document.dispatchEvent(new Event("pointerdown"));
    await until(() => log.length === 4);
    // One render: the parts' effects before the shell's, which is around them.
    expect(log.map((entry) => entry.name)).toEqual(["header", "section", "footer", "shell"]);
  });

  it("fails with an error, not a blank page, when asked for more turns than a page has parts", () => {
    startTurns();
    // As each retry of a part React draws in the browser would, were it told it hydrates: a new id every time.
    expect(() => {
      for (let turn = 0; turn <= maxTurns; turn += 1) void turnToWaitFor(`:r${turn}:`);
    }).toThrow(/more than 500 turns asked for/);
    document.dispatchEvent(new Event("keydown"));
  });
});
