/**
 * Unit tests, set up as Gatsby's unit-testing guide shows (Babel, a mocked
 * gatsby module), in two projects: "unit" (everything that runs in this
 * process's time: `npm run test:quick`, npm test's unit tests) and "builds"
 * (the builds of project copies in tests/build/, minutes each). `npx jest`
 * runs both, as the Node-24 leg does (docs/testing.md, "Node versions").
 */
const shared = {
  transform: { "^.+\\.m?[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|webp|avif|svg)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public", "<rootDir>/tests/e2e"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|lucide-react)/)"],
  globals: { __PATH_PREFIX__: "", __ICON_SPRITE_URL__: "/static/icons.svg" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};

module.exports = {
  // A guard against a hang, not a measure (a setting of the whole run: in a project Jest ignores it): `npm test` runs
  // the unit tests beside the browser tests (docs/testing.md, "The steps"), where a test of 100 store writes took over
  // Jest's default 5 s. Waiting longer makes no check weaker; a test that times something measures it itself.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: "unit", testMatch: ["**/__tests__/**/*.test.[jt]s?(x)", "<rootDir>/tests/content/**/*.test.ts", "<rootDir>/tests/lint/**/*.test.ts"] },
    { ...shared, displayName: "builds", testMatch: ["<rootDir>/tests/build/**/*.test.ts"] },
  ],
};
