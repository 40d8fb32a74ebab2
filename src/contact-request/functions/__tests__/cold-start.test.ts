/**
 * @jest-environment node
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { ColdStart } from "../../../../scripts/lib/measure/cold-starts";
import { typescriptProcess } from "../../../../scripts/lib/serve/typescript-process";

/**
 * A fresh instance loads what its first request needs (docs/contact-requests.md,
 * "Cold starts"): each function bundled as Netlify bundles it, each request in
 * a process of its own. The times are npm run bench's; this holds the packages.
 */
let results: ColdStart[];
beforeAll(async () => {
  // One process a case: the packages a process loads do not vary from run to run.
  const [node, args] = typescriptProcess(path.resolve(__dirname, "../../../../scripts/lib/measure/cold-starts.ts"), ["1"]);
  const { stdout } = await promisify(execFile)(node, args, { maxBuffer: 1024 * 1024 });
  results = JSON.parse(stdout.trim().split("\n").pop() ?? "[]") as ColdStart[];
}, 120_000);

/** The heavy packages (the script's heavyPackages) it loaded beyond the store's module, which the count per address needs. */
const beyondTheStore = (result: ColdStart) => result.heavy.filter((name) => name !== "@netlify/blobs");
/** The script checks each case's answer: a refusal is one answered 4xx. */
const refusals = () => results.filter((result) => (result.status ?? 0) >= 400);
const resultOf = (name: string) => {
  const found = results.find((result) => result.name === name);
  if (!found) throw new Error(`no cold start measured for "${name}"`);
  return found;
};

describe("a function's first request in a fresh instance", () => {
  it("is measured for refusals of each function that answers", () => {
    expect(new Set(refusals().map((result) => result.function))).toEqual(new Set(["send-contact-email", "request-page", "content-publishing"]));
  });

  it("a refusal loads none of web-push, nodemailer and sharp", () => {
    expect(refusals().map((result) => [result.name, beyondTheStore(result)])).toEqual(refusals().map((result) => [result.name, []]));
  });

  it("a post from another site, refused before the store, does not load the store's module either", () => {
    expect(resultOf("a post from another site").packages).not.toContain("@netlify/blobs");
  });

  it("a request stored and mailed loads the store's module and nodemailer, and neither web-push without a confirmed device nor sharp without a photo", () => {
    const { packages } = resultOf("a request stored and mailed");
    // Both ES modules: what the loader's hook records, so a refusal's list without them means something.
    expect(packages).toEqual(expect.arrayContaining(["@netlify/blobs", "nodemailer"]));
    expect(packages).not.toContain("web-push");
    expect(packages).not.toContain("sharp");
  });

  it("the job's run with nothing to do loads none of them", () => {
    expect(beyondTheStore(resultOf("a run with nothing to do"))).toEqual([]);
  });

  it("the daily publish without its build hook loads none of them, nor the store's module", () => {
    expect(resultOf("a daily run without its build hook").heavy).toEqual([]);
  });
});
