/**
 * `npm run content:check`: prints the fields that state the same kind of fact,
 * with the values pages state differently on purpose, and fails only on broken
 * content: what the report finds (scripts/lib/content/content-report.ts: links in the
 * JSON and Markdown files, towns and prices in the JSON files) and what the
 * build would refuse in the JSON files, each against its schema, the
 * references between files with their conditions, markup and fact references
 * (contentFolderProblems in plugins/gatsby-plugin-content). README, "Other commands", states the same.
 * CONTENT_DIR points it at another content folder, as it does the build.
 */
import { fileURLToPath } from "node:url";
import { contentDir } from "../plugins/gatsby-plugin-content/content-dir";
import { contentFolderProblems } from "../plugins/gatsby-plugin-content/content-files";
import { contentReport, formatReport } from "./lib/content/content-report";

const contentLabel = (process.env.CONTENT_DIR || "content").replace(/\/+$/, "");
// The pages that exist are in this project's src/pages, static/ and netlify.toml.
const projectDir = fileURLToPath(new URL("..", import.meta.url));
const report = contentReport(contentDir, { projectDir });
report.problems.push(...contentFolderProblems(contentDir));
process.stdout.write(formatReport(report, { contentLabel }));
process.exitCode = report.problems.length > 0 ? 1 : 0;
