/**
 * The project's script for the CMS at /admin, loaded after Decap's bundle and
 * before it reads its configuration: the file formats of content/ (so what the
 * CMS writes has the layout every content file has, plugins/gatsby-plugin-cms/content-format.ts),
 * the previews, and what it says after a save of when the change goes live
 * (plugins/gatsby-plugin-cms/admin/publishing.ts). Bundled by plugins/gatsby-plugin-cms.
 */
import { entryLinkProblems, entryProblems, entrySchema, entryType, emptyOptionalBlocks, schemaByFields } from "./cms-validation";
import { cmsFormats, formatContentJson, formatMarkdownFile, inSchemaOrder, parseMarkdownFile } from "../content-format";
import { cmsLabels } from "../labels";
import { factsFor, loadRecords, recordsFor, registerPreviews } from "./previews";
import { limitUploadSize } from "./upload-size";
import { registerPublishing } from "./publishing";

const cms = window.CMS;

limitUploadSize();

/** Decap keeps a record in a map without order; its fields' names find the schema that gives the order back. */
const ordered = <T extends Record<string, unknown>>(data: T, fields: string[]): T => {
  const schema = schemaByFields(fields);
  return schema ? inSchemaOrder(schema, data) : data;
};

cms.registerCustomFormat(cmsFormats.json, "json", {
  fromFile: (text) => JSON.parse(text) as Record<string, unknown>,
  toFile: (data, fields) => formatContentJson(ordered(data, fields)),
});

cms.registerCustomFormat(cmsFormats.markdown, "md", {
  fromFile: (text) => {
    const { frontmatter, body } = parseMarkdownFile(text);
    return { ...frontmatter, body };
  },
  toFile: ({ body, ...frontmatter }, fields) => formatMarkdownFile({ frontmatter: ordered(frontmatter, fields), body: typeof body === "string" ? body : "" }),
});

/**
 * Before every save: empty optional blocks come out, then the entry is checked
 * against the content schema, its fact references against the facts and the
 * records it names against the build's records, with the schema's conditions
 * (plugins/gatsby-plugin-cms/admin/cms-validation.ts); a problem refuses the save with Decap's
 * "Kan item niet opslaan" and the fields it concerns, in Dutch.
 */
cms.registerEventListener({
  name: "preSave",
  handler: ({ entry }) => {
    const collection = entry.get("collection");
    const isFolder = !(collection in cmsLabels.groups);
    const schema = entrySchema(collection, entry.get("slug"), isFolder);
    const type = entryType(collection, entry.get("slug"), isFolder);
    if (!schema) return entry.get("data");
    let data = entry.get("data");
    for (const path of emptyOptionalBlocks(schema, data.toJS())) data = data.deleteIn(path);
    // A Markdown entry's body is its text, not a field of its frontmatter.
    const { body, ...record } = data.toJS();
    const problems = entryProblems(schema, record, cmsLabels, factsFor(type, record), typeof body === "string" ? body : undefined);
    const read = recordsFor(type, record);
    if (type !== undefined && read) problems.push(...entryLinkProblems(type, record, read, cmsLabels));
    if (problems.length > 0) {
      const refusal = new Error(`${cmsLabels.messages.notSaved} ${problems.join("; ")}`);
      refusal.name = ""; // Decap shows the error as text: the message alone.
      throw refusal;
    }
    return data;
  },
});

registerPreviews(cms);
registerPublishing(cms, cmsLabels.publishing);
void loadRecords();
