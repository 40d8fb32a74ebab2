/** @jest-environment node */
/**
 * A broken content file, or one that carries code, must stop the real build
 * with a message naming the file and the field.
 *
 * The content plugin checks in two stages, and a problem found in either ends
 * `gatsby build` at once (reporter.panicOnBuild exits): each file against its
 * schema as it is read, naming all of that file's problems; then, once all
 * files are read, the references across files and every text, naming all
 * problems of all files. A schema error so hides every later one, and those of
 * any other file. Hence one build per stage: the schema breakages in one file,
 * the others in whichever files they belong to, each message its own test.
 */
import fs from "node:fs";
import path from "node:path";
import { towns } from "../../scripts/lib/content/content";
import { buildCopy, readJson, writeJson, type BuildResult, type Json } from "../../scripts/lib/builds/project-copy";

/** Sets (or, with undefined, removes) the value at `field` in a content file of the copy in `dir`. */
function breakContent(dir: string, file: string, field: (string | number)[], value: Json | undefined) {
  const target = path.join(dir, "content", file);
  const data = readJson(target);
  const parent = field.slice(0, -1).reduce((node: Json, key) => (node as Record<string, Json>)[key], data) as Record<string, Json>;
  const last = field[field.length - 1];
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  writeJson(target, data);
}

jest.setTimeout(300_000);

/**
 * A build on Netlify (and under `netlify serve`, which sets NETLIFY_LOCAL)
 * runs the code of its own commit, whatever an earlier deploy left in
 * Netlify's build cache (plugins/gatsby-plugin-netlify-adapter/adapter.ts says why). The cache
 * planted here is what a deploy from before the content plugin stored: its
 * `.cache/compiled` holds the site's gatsby-node and no plugin. Restored over
 * this build's `.cache`, it replaced the plugins Gatsby had just compiled, and
 * the content plugin silently did not run: no content check, and templates
 * failing on fields it adds ("Cannot query field"). The schema breakages'
 * messages prove this commit's checks ran.
 */
describe("a content file that breaks its schema, built under NETLIFY_LOCAL over Netlify's cache of an earlier deploy", () => {
  /** Where Netlify's adapter keeps a project's `.cache` under NETLIFY_LOCAL, laid out as @netlify/cache-utils saves it. */
  const storedGatsbyCache = (dir: string) => path.join(dir, ".netlify", "build-cache", "cwd", ".cache");
  const missingField = 'Content error in content/company.json: field "phones.emergency" is missing (expected object)';
  const earlierSiteNode = '"use strict";\nexports.createPages = () => {};\n';
  /** The compiled gatsby-node the build left in its `.cache`, and the one left in Netlify's cache: read before the copy goes. */
  const left = { built: "", stored: "" };
  let build: BuildResult;

  beforeAll(async () => {
    process.env.NETLIFY_LOCAL = "true";
    const compiledSiteNode = (cache: string) => path.join(cache, "compiled", "gatsby-node.js");
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
    try {
      build = await buildCopy(
        (dir) => {
          fs.mkdirSync(path.dirname(compiledSiteNode(storedGatsbyCache(dir))), { recursive: true });
          fs.writeFileSync(compiledSiteNode(storedGatsbyCache(dir)), earlierSiteNode);
          breakContent(dir, "company.json", ["phones", "emergency"], undefined);
          breakContent(dir, "company.json", ["openingHours"], "Maandag tot en met vrijdag");
        },
        (dir) => {
          left.built = read(compiledSiteNode(path.join(dir, ".cache")));
          left.stored = read(compiledSiteNode(storedGatsbyCache(dir)));
        },
      );
    } finally {
      delete process.env.NETLIFY_LOCAL;
    }
  });

  test("a missing required field fails the build naming file and field", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(missingField);
  });

  test("a wrongly typed field fails the build naming file and field", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('Content error in content/company.json: field "openingHours" must be array');
  });

  test("a build over Netlify's cache of an earlier deploy runs this commit's plugins", () => {
    // The earlier deploy's compiled gatsby-node waited in Netlify's cache, and the build ran on this commit's,
    // compiled from its own gatsby-node.ts, rather than on the one restored from the cache.
    expect(left.stored).toBe(earlierSiteNode);
    expect(left.built).not.toBe("");
    expect(left.built).not.toBe(earlierSiteNode);
    expect(build.output).not.toContain("Cannot query field");
  });
});

describe("content breakages found across files and in texts, all in one build", () => {
  // The repository's content/, which the copy is made from.
  const [review] = towns.find((record) => record.slug === "zaandam")?.reviews.featured ?? [];
  let build: BuildResult;

  beforeAll(async () => {
    if (!review) throw new Error("content/towns/ has no zaandam.json with a featured review");
    build = await buildCopy((dir) => {
      breakContent(dir, "towns/zaandam.json", ["highlights", "items", 2, "service"], "dakterras");
      breakContent(dir, `reviews/${review}.json`, ["rating"], 4);
      breakContent(dir, "services/daklekkage.json", ["keyFacts", 2, "value"], "{price:daklek}");
      const additions = ["<script>window.__pwned=1</script>", '<img src="x" onerror="window.__pwned2=1">', "[link](javascript:alert(1))"];
      fs.appendFileSync(path.join(dir, "content", "blog", "daklekkage-amsterdam.md"), `\n${additions.join("\n\n")}\n`);
    });
  });

  test("a reference to a record that does not exist fails the build naming file and field", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      'Content error in content/towns/zaandam.json: field "highlights.items[2].service" names "dakterras", but no ServicesJson has slug "dakterras"',
    );
  });

  test("a town page's review that is not five stars fails the build naming the town's file and field (docs/requirements.md, 'Page by page')", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      `Content error in content/towns/zaandam.json: field "reviews.featured[0]" names "${review}", which is not a five-star review from the town itself (docs/requirements.md, 'Page by page')`,
    );
  });

  test("a fact reference that names no fact fails the build naming file, field and reference", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('Content error in content/services/daklekkage.json: field "keyFacts[2].value" names {price:daklek}, which is no fact');
  });

  test("content that carries code stops the build, naming the file and what it found", () => {
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      'Content error in content/blog/daklekkage-amsterdam.md: field "body" holds <script>, onerror="window.__pwned2=1" on <img>, href="javascript:alert(1)" on <a>, which content may not carry',
    );
  });
});
