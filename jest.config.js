/** Unit tests, set up as Gatsby's unit-testing guide shows (Babel, a mocked gatsby module). */
module.exports = {
  transform: { "^.+\\.m?[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|webp|avif|svg)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testMatch: ["**/__tests__/**/*.test.[jt]s?(x)", "<rootDir>/tests/build/**/*.test.ts", "<rootDir>/tests/content/**/*.test.ts"],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public", "<rootDir>/tests/e2e"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|lucide-react)/)"],
  globals: { __PATH_PREFIX__: "", __ICON_SPRITE_URL__: "/static/icons.svg" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
