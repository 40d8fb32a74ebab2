/**
 * Counts the Gatsby builds of a `npm test` run (scripts/test.ts): loaded into
 * every Node process the run starts (NODE_OPTIONS=--require), it appends one
 * line to the file named in GATSBY_BUILD_LOG when the process is a
 * `gatsby build`, with the step that started it (TEST_STEP) and its folder.
 * Gatsby builds in its own process, so this sees every build: the site's and
 * those of project copies (tests/build, in the Node-24 leg, and the CMS),
 * each with the Node that ran it.
 *
 * Plain CommonJS, the one helper not in TypeScript: `node --require` loads it
 * into every Node process of the run, before anything else, Node 24's too, and
 * TypeScript there would need jiti loaded into each of those processes first.
 * Nothing imports it, so it needs no types.
 */
const fs = require("node:fs");

const log = process.env.GATSBY_BUILD_LOG;
const script = process.argv[1] ?? "";
if (log && /[\\/]gatsby[\\/](cli\.js|dist[\\/]bin[\\/]gatsby\.js)$|[\\/]\.bin[\\/]gatsby$/.test(script) && process.argv[2] === "build") {
  fs.appendFileSync(log, `${JSON.stringify({ step: process.env.TEST_STEP ?? "", cwd: process.cwd(), node: process.version })}\n`);
}
