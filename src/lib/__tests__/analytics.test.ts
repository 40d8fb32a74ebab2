import { analyticsScriptUrl, startAnalytics, stopAnalytics } from "../analytics";

type TestWindow = Window & { dataLayer?: unknown[] } & Record<string, unknown>;
const win = window as unknown as TestWindow;

describe("GA4 after consent", () => {
  beforeEach(() => {
    document.head.innerHTML = "";
    delete win.dataLayer;
  });

  it("adds the gtag.js script once, with the configured id", () => {
    startAnalytics("G-TEST123");
    startAnalytics("G-TEST123");
    const scripts = document.head.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe(analyticsScriptUrl("G-TEST123"));
    expect(scripts[0].src).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST123");
    expect(win.dataLayer?.map((entry) => Array.from(entry as ArrayLike<unknown>)[0])).toEqual(["js", "config"]);
    expect(win["ga-disable-G-TEST123"]).toBe(false);
  });

  it("stops sending and removes its cookies when consent is withdrawn", () => {
    document.cookie = "_ga=GA1.1.1; path=/";
    document.cookie = "_ga_TEST123=GS1.1; path=/";
    document.cookie = "other=1; path=/";
    stopAnalytics("G-TEST123");
    expect(win["ga-disable-G-TEST123"]).toBe(true);
    expect(document.cookie).toBe("other=1");
  });
});

describe("without GATSBY_ANALYTICS_ID", () => {
  it("has no id, so the site loads no analytics at all", () => {
    jest.isolateModules(() => {
      const saved = process.env.GATSBY_ANALYTICS_ID;
      delete process.env.GATSBY_ANALYTICS_ID;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(require("../analytics").analyticsId).toBe("");
      if (saved !== undefined) process.env.GATSBY_ANALYTICS_ID = saved;
    });
  });
});
