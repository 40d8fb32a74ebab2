/**
 * html-validate for the built pages (tests/e2e/html-validity.spec.ts, or by
 * hand: npx html-validate public): conformance to the HTML standard and its
 * accessibility rules, with two choices explained here.
 */
module.exports = {
  root: true,
  extends: ["html-validate:standard", "html-validate:a11y"],
  rules: {
    // A named list ("Juridisch", "Dakdekker Diemen in het kort") is a list with a name: ARIA allows naming role=list.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
  },
  elements: [
    "html5",
    // gatsby-plugin-image renders a lazy image with data-src, and its inline script sets src when the browser
    // loads lazily on its own; the test checks every such image has its data-src.
    { img: { attributes: { src: { required: false } } } },
  ],
};
