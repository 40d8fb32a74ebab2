import type { Town } from "../../../plugins/gatsby-plugin-content/content-schema";
import { towns } from "../../../scripts/lib/content/content";

/**
 * Town pages must be about their town, not one text with the name swapped
 * (issue 5). With every town name masked, two towns' own texts share
 * almost no run of five words.
 */
const names = towns.map((town) => town.name);

function ownText(town: Town): string {
  return [
    town.hero.text,
    ...town.local.paragraphs,
    ...town.local.points.map((point) => point.text),
    ...town.expertise.paragraphs,
    ...town.highlights.items.map((item) => item.text),
  ].join(" ");
}

function shingles(text: string, size = 5): Set<string> {
  let masked = text.toLowerCase();
  for (const name of names) masked = masked.split(name.toLowerCase()).join("plaats");
  const words = masked.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const result = new Set<string>();
  for (let index = 0; index + size <= words.length; index++) result.add(words.slice(index, index + size).join(" "));
  return result;
}

describe("town texts", () => {
  const sets = towns.map((town) => ({ slug: town.slug, shingles: shingles(ownText(town)) }));

  it.each(sets.map(({ slug }) => slug))("%s shares at most 5%% of its five-word runs with any other town", (slug) => {
    const own = sets.find((set) => set.slug === slug)!;
    const tooClose = sets
      .filter((other) => other.slug !== slug)
      .map((other) => ({ other: other.slug, share: [...own.shingles].filter((run) => other.shingles.has(run)).length / own.shingles.size }))
      .filter(({ share }) => share > 0.05);
    expect(tooClose).toEqual([]);
  });

  it("name their own town in the local block and the expertise text", () => {
    for (const town of towns) {
      const text = [town.local.title, ...town.local.paragraphs, town.expertise.title, ...town.expertise.paragraphs].join(" ");
      expect({ slug: town.slug, namesItself: text.includes(town.name) }).toEqual({ slug: town.slug, namesItself: true });
    }
  });
});
