/**
 * @jest-environment node
 *
 * The lint rule that keeps imports going one way (eslint.config.mjs): each
 * case is a file that does not exist, linted as if it stood at that path.
 */
import { execFileSync } from "node:child_process";

jest.setTimeout(60_000);

const cases: { file: string; code: string; refused: string[] }[] = [
  {
    file: "src/components/header/Example.tsx",
    code: [
      'import { mailPhotos } from "../../contact-request/functions/mail";',
      'import { facts } from "../../../plugins/gatsby-plugin-content/facts";',
      'import fs from "node:fs";',
      'import { HydrateLater } from "../../../plugins/gatsby-plugin-first-paint";',
      'import { contactFields } from "../../contact-request/shared/contact-fields";',
      "export const used = [mailPhotos, facts, fs, HydrateLater, contactFields];",
    ].join("\n"),
    refused: ["../../contact-request/functions/mail", "../../../plugins/gatsby-plugin-content/facts", "node:fs"],
  },
  {
    file: "src/contact-request/shared/example.ts",
    code: ['import { ContactForm } from "../browser/ContactForm";', 'import { mailPhotos } from "../functions/mail";', 'import { useState } from "react";', "export const used = [ContactForm, mailPhotos, useState];"].join("\n"),
    refused: ["../browser/ContactForm", "../functions/mail", "react"],
  },
  {
    file: "src/contact-request/functions/example.ts",
    code: ['import { ContactForm } from "../browser/ContactForm";', 'import { colors } from "../../components/ui/theme";', "export const used = [ContactForm, colors];"].join("\n"),
    refused: ["../browser/ContactForm"],
  },
  {
    // One door to the store: only request-store.ts calls Blobs (docs/contact-requests.md, "The store").
    file: "src/contact-request/functions/job/example.ts",
    code: ['import type { Store } from "@netlify/blobs";', 'import type { Blobs } from "../request-store";', "export type Used = [Store, Blobs];"].join("\n"),
    refused: ["@netlify/blobs"],
  },
  {
    file: "src/contact-request/functions/request-store.ts",
    code: ['import { getStore } from "@netlify/blobs";', "export const used = [getStore];"].join("\n"),
    refused: [],
  },
  {
    file: "plugins/gatsby-plugin-cms/example.ts",
    code: ['import { Header } from "../../src/components/header/Header";', 'import { cmsPath } from "../../src/lib/paths";', "export const used = [Header, cmsPath];"].join("\n"),
    refused: ["../../src/components/header/Header"],
  },
  {
    file: "scripts/lib/measure/example.ts",
    code: ['import { pages } from "../../../tests/e2e/routes";', 'import { startStaticServer } from "../serve/static-server";', "export const used = [pages, startStaticServer];"].join("\n"),
    refused: ["../../../tests/e2e/routes"],
  },
];

const lint = `
const { ESLint } = require("eslint");
const cases = JSON.parse(process.argv[1]);
(async () => {
  const eslint = new ESLint();
  const out = [];
  for (const { file, code } of cases) {
    const [result] = await eslint.lintText(code, { filePath: file });
    out.push(result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message.match(/^'([^']+)'/)[1]));
  }
  console.log(JSON.stringify(out));
})();
`;

test("refuses each import against the direction, and only those", () => {
  const refused = JSON.parse(execFileSync(process.execPath, ["-e", lint, JSON.stringify(cases)], { encoding: "utf8" })) as string[][];
  expect(refused).toEqual(cases.map((example) => example.refused));
});
