/**
 * `npm run content:check`: prints the fields that state the same kind of fact,
 * with the values pages state differently on purpose, and fails only on broken
 * content. CONTENT_DIR points it at another content folder, as it does the build.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentReport, formatReport } from "./lib/content-report.mjs";

const contentLabel = (process.env.CONTENT_DIR || "content").replace(/\/+$/, "");
// The pages that exist are in this project's src/pages, static/ and netlify.toml.
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const report = contentReport(path.resolve(contentLabel), { projectDir });
process.stdout.write(formatReport(report, { contentLabel }));
process.exitCode = report.problems.length > 0 ? 1 : 0;
