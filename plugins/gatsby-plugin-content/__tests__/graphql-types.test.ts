import { contentTypeDefs, imageReferences, markdownTypeDefs } from "../graphql-types";

describe("contentTypeDefs", () => {
  const sdl = contentTypeDefs();

  it("declares every content type as a node type that is not inferred", () => {
    for (const type of ["CompanyJson", "NavigationJson", "HomeJson", "ServicesJson", "ReviewsJson", "TownsJson"]) {
      expect(sdl).toContain(`type ${type} implements Node @dontInfer {`);
    }
  });

  it("makes required fields non-null, with nested types named by their path", () => {
    expect(sdl).toContain("  phones: CompanyJsonPhones!");
    expect(sdl).toContain("type CompanyJsonPhonesEmergency {\n  display: String! @facts\n  e164: String! @facts\n}");
    expect(sdl).toContain("  rating: Int!");
    expect(sdl).toContain("  value: Float!");
    expect(sdl).toContain("  names: [String!]! @facts");
  });

  it("declares a shape that pages share once, under its own name", () => {
    expect(sdl.match(/^type PageSeo \{/gm)).toHaveLength(1);
    expect(sdl).toContain("type PageHero {\n  badge: String! @facts\n  title: String! @facts\n  text: String! @facts\n  points: [String!]! @facts\n}");
    expect(sdl).toContain("  seo: PageSeo!");
    expect(sdl).not.toContain("ContactPageJsonSeo");
  });

  it("declares every shared block once, by its name, wherever a content file uses it", () => {
    for (const name of ["IconCard", "IconCardSection", "KeyFact", "FaqBlock", "ProcessBlock", "ContactFormBlock", "CallBand", "EmergencyBox"]) {
      expect(sdl.match(new RegExp(`^type ${name} \\{`, "gm"))).toHaveLength(1);
    }
    expect(sdl).toContain("  faq: FaqBlock!");
    expect(sdl).toContain("  cta: CallBand!");
    expect(sdl).toContain("  trustBadges: [IconCard!]!");
  });

  it("turns every closed list of values into a GraphQL enum", () => {
    expect(sdl).toMatch(/^enum IconName \{\n {2}[a-zA-Z]+\n/m);
    expect(sdl).toContain("enum ProjectCategory {");
    expect(sdl).toContain("  kind: ContactMethodKind!");
    expect(sdl).toContain("  chatTopic: ChatTopic!");
    expect(sdl).not.toMatch(/(chatTopic|priority|dayOfWeek|icon|kind): String/);
  });

  it("resolves fact references in text fields only: not in numbers, images or links", () => {
    expect(sdl).toContain("  blurb: String! @facts");
    expect(sdl).toContain("  startingPriceEuro: Float\n");
    expect(sdl).not.toMatch(/(File|Json)!?\]?!? @link[^\n]* @facts|@fileByRelativePath @facts/);
  });

  it("turns image paths into files and slug lists into links", () => {
    expect(sdl).toContain("  image: File! @fileByRelativePath");
    expect(sdl).toContain('  featured: [ServicesJson!]! @link(by: "slug")');
    expect(sdl).toContain('  featured: [ReviewsJson!]! @link(by: "slug")');
    expect(sdl).toContain('  service: ServicesJson! @link(by: "slug")');
  });
});

describe("markdownTypeDefs", () => {
  const sdl = markdownTypeDefs();

  it("declares the frontmatter and fields under the names inference gives them, not gatsby-transformer-remark's MarkdownRemark", () => {
    expect(sdl).not.toMatch(/type MarkdownRemark\b/);
    expect(sdl).toContain("type MarkdownRemarkFields {\n  collection: String!\n  slug: String!\n  readingMinutes: Int!\n}");
    expect(sdl).toMatch(/^type MarkdownRemarkFrontmatter \{\n {2}title: String! @facts\n/m);
  });

  it("requires a field only where every collection does: an article's image, not a legal text's", () => {
    expect(sdl).toContain("  date: String! @facts");
    expect(sdl).toContain("  image: File @fileByRelativePath");
  });
});

describe("imageReferences", () => {
  it("lists each image path with its field", () => {
    expect(imageReferences("ServicesJson", { image: "../images/a.jpg" })).toEqual([
      { field: "image", path: "../images/a.jpg" },
    ]);
    expect(imageReferences("HomeJson", { hero: { image: "images/hero.jpg" } })).toEqual([
      { field: "hero.image", path: "images/hero.jpg" },
    ]);
  });
});
