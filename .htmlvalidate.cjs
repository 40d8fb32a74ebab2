/**
 * html-validate for the built pages (tests/e2e/html-validity.spec.ts, or by
 * hand: npx html-validate public): conformance to the HTML standard and its
 * accessibility rules, with one choice explained here.
 */
module.exports = {
  root: true,
  extends: ["html-validate:standard", "html-validate:a11y"],
  rules: {
    // A named list ("Juridisch", "Dakdekker Diemen in het kort") is a list with a name: ARIA allows naming role=list.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
  },
  elements: ["html5"],
};
