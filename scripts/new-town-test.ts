/**
 * `npm run test:new-town`: shows that a new town is one content file, for the
 * tests too. Copies the working tree into a temporary folder (sharing
 * node_modules), adds a twelfth town there the way an editor would: a copy of
 * a town file with the new town's name, slug and order and its own texts
 * (tests/fixtures/new-town/uithoorn.json: a town page is about its town,
 * src/lib/__tests__/town-content.test.ts), and two reviews from the town in
 * content/reviews/. Then it runs the whole `npm test` in the copy without
 * changing a test. It uses the same ports as `npm test`, so run it
 * alone; it takes as long as `npm test`.
 *
 *   npm run test:new-town            keeps nothing: the copy is removed afterwards
 *   npm run test:new-town -- --keep  leaves the copy and prints where it is
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyWorkingTree } from "./lib/builds/project-copy";

const root = fileURLToPath(new URL("..", import.meta.url));
const keep = process.argv.includes("--keep");
const model = { slug: "amstelveen", name: "Amstelveen" };
const town = { slug: "uithoorn", name: "Uithoorn" };

/** A content record as its file holds it: only its fields read here are named. */
interface TownRecord {
  name: string;
  order: number;
  reviews: Record<string, unknown>;
  chatbot: { question: string; answer: string };
  [field: string]: unknown;
}

const readJson = <T,>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;
const writeJson = (file: string, data: unknown) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
/** Every text of a record with the model town's name replaced by the new town's. */
const renamed = <T,>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(model.name, town.name));

const dir = copyWorkingTree(root, "new-town-");

const content = path.join(dir, "content");
const towns = fs.readdirSync(path.join(content, "towns")).map((file) => readJson<TownRecord>(path.join(content, "towns", file)));
const modelTown = readJson<TownRecord>(path.join(content, "towns", `${model.slug}.json`));
const fixtures = path.join(root, "tests", "fixtures", "new-town");
const ownTexts = readJson<Record<string, unknown>>(path.join(fixtures, `${town.slug}.json`));
const newReviews = readJson<{ slug: string }[]>(path.join(fixtures, "reviews.json"));
// The model's extra chatbot keywords name places near the model town, not the new one.
const { question, answer } = renamed(modelTown.chatbot);
writeJson(path.join(content, "towns", `${town.slug}.json`), {
  ...renamed(modelTown),
  ...ownTexts,
  ...town,
  order: Math.max(...towns.map((other) => other.order)) + 1,
  reviews: { ...renamed(modelTown.reviews), featured: newReviews.map((review) => review.slug) },
  chatbot: { question, answer },
});
for (const review of newReviews) writeJson(path.join(content, "reviews", `${review.slug}.json`), review);

console.log(`A twelfth town, ${town.name}, in a copy of the project at ${dir}; running npm test there.`);
const status = await new Promise<number>((resolve) => {
  spawn("npm", ["test"], { cwd: dir, stdio: "inherit" }).once("exit", (code) => resolve(code ?? 1));
});
if (keep) console.log(`The copy stays at ${dir}.`);
else fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = status;
