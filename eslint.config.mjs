import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which way imports may go (README, "Map"): the pages' code takes nothing that
 * runs only in the functions, the build or the tests, and the plugins nothing
 * from the pages but what their READMEs name as the site's input.
 */
const serverOnly = {
  group: ["**/contact-request/functions/**", "**/functions/*", "**/netlify/**", "node:*", "@netlify/*", "nodemailer", "sharp"],
  message: "Code the browser runs imports nothing that runs only in the functions (docs/contact-requests.md, \"Where the code lives\").",
};
const buildAndTestsOnly = {
  group: ["**/scripts/**", "**/tests/**", "**/plugins/**", "!**/plugins/gatsby-plugin-first-paint"],
  message: "Code the browser runs takes from plugins/ only the first-paint plugin's entry (its README, \"What the site uses\"), and nothing from scripts/ or tests/.",
};
const browserOnly = {
  group: ["**/contact-request/browser/**", "**/browser/*", "**/components/*/*", "!**/components/ui/theme", "react", "react-dom", "gatsby"],
  message: "What the functions run, and what the form shares with them, imports nothing of the pages' but the theme's colours.",
};

/**
 * One door to the store (docs/contact-requests.md, "The store"): the functions
 * reach Netlify Blobs only through request-store.ts, with its keys built in
 * store-keys.ts, so every key and every call is in one place. Tests and
 * scripts open stores of their own.
 */
const oneDoorToTheStore = {
  name: "@netlify/blobs",
  message: "The functions reach Blobs through request-store.ts (its Blobs type, its reads and writes) and build keys in store-keys.ts (docs/contact-requests.md, \"The store\").",
};

export default tseslint.config(
  {
    ignores: ["node_modules/", "public/", ".cache/", ".netlify/", "src/gatsby-types.d.ts", "test-results/", "playwright-report/", "bench/results/", "vendor/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node, Queries: "readonly" } },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "react/no-unknown-property": ["error", { ignore: ["css"] }],
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS config and mocks, as Jest and Gatsby's unit-testing guide expect them.
    files: ["*.js", "__mocks__/**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.jest } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/*/functions/**", "src/*/shared/**", "**/__tests__/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, buildAndTestsOnly] }] },
  },
  {
    files: ["src/*/shared/**/*.ts"],
    ignores: ["**/__tests__/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, buildAndTestsOnly, browserOnly] }] },
  },
  {
    files: ["src/*/functions/**/*.ts", "netlify/**/*.{ts,mts}"],
    ignores: ["**/__tests__/**"],
    rules: { "no-restricted-imports": ["error", { paths: [oneDoorToTheStore], patterns: [browserOnly] }] },
  },
  {
    // The door itself.
    files: ["src/contact-request/functions/request-store.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [browserOnly] }] },
  },
  {
    files: ["plugins/**/*.{ts,tsx}"],
    ignores: ["**/__tests__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/pages/**", "**/src/templates/**", "**/src/contact-request/**", "**/src/components/*/*", "!**/src/components/ui/globalStyles", "!**/src/components/ui/theme"],
              message: "A plugin takes from the site only what its README names as its input.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.ts"],
    ignores: ["**/__tests__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/tests/**"],
              message: "The commands and their shared support take nothing from the tests: what a test and a command share lives in scripts/lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright's idiom for a test that needs testInfo but no fixture is `async ({}, testInfo)`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
