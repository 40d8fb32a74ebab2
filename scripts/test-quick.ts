/**
 * `npm run test:quick`: the inner loop's checks, side by side: lint,
 * typecheck and Jest's "unit" project (jest.config.js) on two workers, since
 * its longest suites mostly wait on servers and clocks. Typecheck reads the
 * types a build generates, so it needs one `npm start` or `npm run build`
 * first. Each check's output is printed as it ends; the exit code is 1 when
 * any failed. `npm test` stays the one full proof (docs/testing.md).
 */
import { spawn } from "node:child_process";

const checks: [string, string[]][] = [
  ["lint", ["eslint", "."]],
  ["typecheck", ["tsc", "--noEmit"]],
  ["unit tests", ["jest", "--selectProjects", "unit", "--maxWorkers=2"]],
];

const started = Date.now();
const codes = await Promise.all(
  checks.map(
    ([name, args]) =>
      new Promise<number>((resolve) => {
        const output: Buffer[] = [];
        const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"] });
        for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
        child.once("error", (error) => output.push(Buffer.from(String(error))));
        child.once("close", (code) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(`\n── ${name}: ${code === 0 ? "passed" : "FAILED"} after ${seconds} s\n${Buffer.concat(output)}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
const failed = checks.filter((_, index) => codes[index] !== 0).map(([name]) => name);
console.log(failed.length ? `\n✖ test:quick failed: ${failed.join(", ")}` : `\n✔ test:quick passed in ${Math.round((Date.now() - started) / 1000)} s`);
process.exitCode = failed.length ? 1 : 0;
