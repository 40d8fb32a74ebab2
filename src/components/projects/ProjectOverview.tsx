import { categoryCounts, categoryFromSearch, filterProjects, projectCategories, searchFor, type ProjectCategory } from "../../lib/project-filter";
import { cardGrid } from "../ui/Card";
import { replaceSearch, useLocationSearch } from "../ui/useLocationSearch";
import { ProjectCard } from "./ProjectCard";
import { ProjectFilter } from "./ProjectFilter";

interface ProjectOverviewProps {
  projects: readonly Queries.ProjectCardFieldsFragment[];
  allLabel: string;
  categoryLabels: Record<ProjectCategory, string>;
}

/**
 * Every project with the category row above it. The choice lives in the URL
 * and in this component only: an update above it would reach parts of the page
 * that are still waiting to hydrate, and React would draw them anew
 * (HydrateLater, plugins/gatsby-plugin-first-paint/README.md, "Hydration in
 * slices").
 */
export function ProjectOverview({ projects, allLabel, categoryLabels }: ProjectOverviewProps) {
  const search = useLocationSearch();
  const selected = categoryFromSearch(search, projectCategories);
  const counts = categoryCounts(projects, projectCategories);
  const options = [
    { key: null, label: allLabel, count: projects.length },
    ...projectCategories.map((key) => ({ key, label: categoryLabels[key], count: counts[key] })),
  ];
  const shown = filterProjects(projects, selected);
  const selectedLabel = selected ? categoryLabels[selected] : allLabel;

  return (
    <>
      <ProjectFilter options={options} selected={selected} onSelect={(key) => replaceSearch(searchFor(search, key))} />
      <p role="status" css={{ margin: "0 0 16px", fontWeight: 600 }}>
        {shown.length} {shown.length === 1 ? "project" : "projecten"}: {selectedLabel.toLowerCase()}
      </p>
      <ul css={cardGrid(2)}>
        {shown.map((project) => (
          <li key={project.slug}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
    </>
  );
}
