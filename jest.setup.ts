import "@testing-library/jest-dom";

// jsdom lays nothing out, so it has no ResizeObserver; every browser the site supports has one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
