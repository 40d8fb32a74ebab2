import { categoryCounts, categoryFromSearch, filterProjects, searchFor } from "../project-filter";

const categories = ["monumentaal", "isolatie", "dakgoten"] as const;
const projects = [
  { slug: "a", categories: ["monumentaal", "dakgoten"] },
  { slug: "b", categories: ["isolatie"] },
  { slug: "c", categories: ["dakgoten"] },
];

describe("project filter", () => {
  it("reads a known category from the URL and ignores anything else", () => {
    expect(categoryFromSearch("?categorie=isolatie", categories)).toBe("isolatie");
    expect(categoryFromSearch("?categorie=ISOLATIE", categories)).toBeNull();
    expect(categoryFromSearch("?categorie=<script>", categories)).toBeNull();
    expect(categoryFromSearch("", categories)).toBeNull();
  });

  it("writes the choice to the query and keeps other parameters", () => {
    expect(searchFor("", "isolatie")).toBe("?categorie=isolatie");
    expect(searchFor("?categorie=isolatie", null)).toBe("");
    expect(searchFor("?utm_source=nieuwsbrief&categorie=isolatie", "dakgoten")).toBe("?utm_source=nieuwsbrief&categorie=dakgoten");
  });

  it("shows the projects of a category, or all", () => {
    expect(filterProjects(projects, "dakgoten").map((project) => project.slug)).toEqual(["a", "c"]);
    expect(filterProjects(projects, null)).toHaveLength(3);
  });

  it("counts a project in each of its categories", () => {
    expect(categoryCounts(projects, categories)).toEqual({ monumentaal: 1, isolatie: 1, dakgoten: 2 });
  });
});
