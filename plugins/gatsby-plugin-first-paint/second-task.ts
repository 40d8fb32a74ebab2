/**
 * The script's start in two tasks (plugin README, "The script's start in two
 * tasks"): Gatsby's own modules run in the first, the modules loaded here (the
 * layout, Emotion) in the next, instead of one task long enough to block a
 * phone. No JSX and no Emotion in this module: whatever it imports runs in the
 * first task.
 */
const loads: (() => Promise<void>)[] = [];

/**
 * A module that starts in the second task. Pass an `import()` with
 * `webpackMode: "eager"`, which keeps the module in the app file (no extra
 * request) and runs it only when called; the function returned gives the
 * module once this plugin's onClientEntry has loaded it, which Gatsby waits
 * for before it renders.
 */
export function inSecondTask<Module>(load: () => Promise<Module>): () => Module {
  let loaded: { module: Module } | undefined;
  loads.push(async () => {
    loaded = { module: await load() };
  });
  return () => {
    if (!loaded) {
      throw new Error("inSecondTask: module asked for before onClientEntry loaded it (plugins/gatsby-plugin-first-paint/README.md)");
    }
    return loaded.module;
  };
}

/** Lets the browser in, then loads every module of the second task: this plugin's onClientEntry. */
export async function startSecondTask() {
  await new Promise((resolve) => setTimeout(resolve));
  await Promise.all(loads.map((load) => load()));
}
