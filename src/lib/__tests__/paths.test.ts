import { chatUrl } from "../chat-link";
import { isCurrentPath, needsFullNavigation, servicePath, townPath } from "../paths";

describe("isCurrentPath", () => {
  it("marks home only on home", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/diensten", "/")).toBe(false);
  });

  it("marks a section on its own page and its sub-pages", () => {
    expect(isCurrentPath("/diensten", "/diensten")).toBe(true);
    expect(isCurrentPath("/diensten/", "/diensten")).toBe(true);
    expect(isCurrentPath("/diensten/daklekkage", "/diensten")).toBe(true);
    expect(isCurrentPath("/dienstenpakket", "/diensten")).toBe(false);
  });
});

describe("needsFullNavigation", () => {
  it("sends file paths reached inside the app to the server", () => {
    expect(needsFullNavigation("/sitemap.xml", "/")).toBe(true);
    expect(needsFullNavigation("/robots.txt", "/contact")).toBe(true);
    expect(needsFullNavigation("/data/prijzen.JSON", "/")).toBe(true);
  });

  it("never loops: a file path the browser already loaded from the server stays", () => {
    expect(needsFullNavigation("/ontbreekt.xml", "/ontbreekt.xml")).toBe(false);
  });

  it("leaves ordinary pages to the app", () => {
    expect(needsFullNavigation("/bestaat-niet", "/")).toBe(false);
    expect(needsFullNavigation("/xml-gids", "/")).toBe(false);
  });
});

describe("page paths", () => {
  it("builds town and service paths from content", () => {
    expect(townPath("badhoevendorp")).toBe("/dakdekker-badhoevendorp");
    expect(servicePath("zinken-dakgoot")).toBe("/diensten/zinken-dakgoot");
  });
});

describe("chatUrl", () => {
  it("opens a conversation with the text typed in", () => {
    expect(chatUrl("31641278390", "Hallo, ik heb een vraag over dakwerk")).toBe(
      "https://wa.me/31641278390?text=Hallo%2C%20ik%20heb%20een%20vraag%20over%20dakwerk",
    );
  });
});
