import { contentDir } from "../../../plugins/gatsby-plugin-content/content-dir";
import { readContentRecords } from "../../../plugins/gatsby-plugin-content/content-files";
import { byOrder, contentTypes, recordsOf } from "../../../plugins/gatsby-plugin-content/content-schema";
import { factsFrom, fillFactsDeep } from "../../../plugins/gatsby-plugin-content/facts";

/** The records of content/, read and typed as the build reads them (plugins/gatsby-plugin-content). */
const read = readContentRecords(contentDir);

/** The service files, in the site's order. */
export const services = recordsOf(read, contentTypes.ServicesJson).sort(byOrder);

/** The town files, in the site's order. */
export const towns = recordsOf(read, contentTypes.TownsJson).sort(byOrder);

/** The project files, in the site's order. */
export const projects = recordsOf(read, contentTypes.ProjectsJson).sort(byOrder);

/** The company as the site sees it: content/company.json with the towns of content/towns/ (see useSiteData). */
export const company = { ...recordsOf(read, contentTypes.CompanyJson)[0], towns };

/** Every fact content may refer to, as the build resolves it. */
export const facts = factsFrom(read);

/** A content record as GraphQL hands it to components: every text's fact references resolved (plugins/gatsby-plugin-content). */
export const resolvedDeep = <T,>(value: T): T => fillFactsDeep(value, facts);
