import { cmsFormats } from "./content-format";
import {
  contentTypeFor,
  imageFileType,
  markdownCollections,
  schemaOfType,
  toJsonSchema,
  type JsonSchema,
} from "../gatsby-plugin-content/content-schema";
import { linksByType } from "../gatsby-plugin-content/cross-file";

/**
 * The configuration of the CMS at /admin (Decap CMS), generated from the
 * content schema, so the CMS edits exactly the files and fields the build
 * reads: a field added to plugins/gatsby-plugin-content/content-schema.ts appears in the CMS, with
 * the same required fields, patterns, limits and closed lists, so an entry the
 * editor can save fits its schema. docs/cms.md.
 */

/** The Dutch texts the generator needs (plugins/gatsby-plugin-cms/labels.ts). */
export interface CmsLabels {
  /** Shown above every collection's entries. */
  description: string;
  /** The collections (folders and groups of files) in the order the CMS lists them. */
  order: string[];
  files: Record<string, { group: string; label: string }>;
  groups: Record<string, string>;
  folders: Record<string, { label: string; singular: string; identifier: string; fixed?: boolean }>;
  fields: Record<string, string>;
  hints: Record<string, string>;
  patterns: Record<string, string>;
  /** Messages for values of a JSON Schema format (email) whose pattern is the validator's own. */
  formats: Record<string, string>;
  longText: string[];
  options: Record<string, string>;
  /** What the check before saving says (plugins/gatsby-plugin-cms/admin/cms-validation.ts); {min}, {max}, {values}, {fields}, {reference} are filled in. */
  messages: {
    notSaved: string;
    missing: string;
    wrongType: string;
    empty: string;
    tooFewItems: string;
    tooManyItems: string;
    tooSmall: string;
    tooBig: string;
    notOneOf: string;
    unknownFields: string;
    unknownFact: string;
    /** A reference to a record that does not exist; {value} is what it names. */
    unknownRecord: string;
    unsafeMarkup: string;
    /** The schema's own rules, by their message (or a link condition's rule, {value} filled in) in plugins/gatsby-plugin-content/content-schema.ts. */
    rules: Record<string, string>;
  };
  /** What the CMS says after a save of when it goes live, and of "publish now" (plugins/gatsby-plugin-cms/admin/publishing.ts), by the function's answer code. */
  publishing: PublishingLabels;
}

export interface PublishingLabels {
  /** {when} is today or tomorrow (below), {liveBy} the daily publish's time. */
  waits: string;
  liveWithDeploy: string;
  publishing: string;
  /** {max} publishNowPerDay. */
  nowLimit: string;
  hookFailed: string;
  unconfigured: string;
  notAnEditor: string;
  githubUnreachable: string;
  unreachable: string;
  /** Any other code, named as {code}. */
  failed: string;
  today: string;
  tomorrow: string;
  /** The button, and {left} "now" builds left today beside it. */
  publishNow: string;
  nowLeft: string;
  close: string;
}

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  [option: string]: unknown;
}

export interface CmsCollection {
  name: string;
  label: string;
  [option: string]: unknown;
}

/** The schema of a content type the CMS has files of. */
function declaredSchema(typeName: string) {
  const schema = schemaOfType(typeName);
  if (!schema) throw new Error(`content/ has files of type ${typeName}, which plugins/gatsby-plugin-content/content-schema.ts does not declare`);
  return schema;
}

/** The folder of content/ the CMS works in, from the repository's root. */
const contentRoot = "content";
const imagesFolder = "images";
/**
 * Uploads go to content/images/ from every collection. From the repository's
 * root ("/..."): a folder relative to the entry would, for a new entry without
 * a file yet, make the media library show the collection's own folder. The
 * path written into the file stays relative to it (public_folder), as the build
 * resolves it.
 */
const mediaFolder = `/${contentRoot}/${imagesFolder}`;

class FieldBuilder {
  constructor(
    private readonly labels: CmsLabels,
    /** Folder collection of each node type (ServicesJson: services), for relation widgets. */
    private readonly folderOf: Record<string, string>,
  ) {}

  label(name: string, at: string): string {
    const label = this.labels.fields[name];
    if (!label) throw new Error(`The CMS has no Dutch label for the field "${name}" (${at}); add it to plugins/gatsby-plugin-cms/labels.ts`);
    return label;
  }

  private hint(typeName: string, pathKey: string, name: string): string | undefined {
    return this.labels.hints[`${typeName}.${pathKey}`] ?? this.labels.hints[name];
  }

  /** A pattern with its Dutch message; a format's pattern (an e-mail address) has one message for the format. */
  private pattern(pattern: string, at: string, format?: string): [string, string] {
    const message = format ? this.labels.formats[format] : this.labels.patterns[pattern];
    if (!message) throw new Error(`The CMS has no Dutch message for the pattern /${pattern}/ (${at}); add it to plugins/gatsby-plugin-cms/labels.ts`);
    return [pattern, message];
  }

  private options(values: (string | number)[]) {
    return values.map((value) => {
      const label = this.labels.options[String(value)];
      return label ? { label, value } : value;
    });
  }

  private relation({ target, by }: NonNullable<JsonSchema["link"]>, at: string) {
    const collection = this.folderOf[target];
    if (!collection) throw new Error(`${at} links to ${target}, which is no folder of content/`);
    const shown = this.labels.folders[collection].identifier;
    return { widget: "relation", collection, value_field: by, search_fields: [shown, by], display_fields: [shown] };
  }

  /**
   * The widget and its options for a value, without name and label. Inside an
   * optional block (a service's materials) nothing is required or counted:
   * Decap would hold an absent block's fields to it, so the check before saving
   * (plugins/gatsby-plugin-cms/admin/cms-validation.ts) holds a present block to the schema instead.
   */
  private widget(schema: JsonSchema, name: string, typeName: string, pathKey: string, inOptional: boolean): Record<string, unknown> {
    const at = `${typeName}.${pathKey}`;
    if (schema.link) return { ...this.relation(schema.link, at), ...(schema.type === "array" ? { multiple: true, ...this.limits(schema, inOptional) } : {}) };
    if (schema.graphql === imageFileType) return { widget: "image", choose_url: false };
    if (schema.enum) return { widget: "select", options: this.options(schema.enum) };
    switch (schema.type) {
      case "string":
        if (schema.format === "date") {
          return { widget: "datetime", format: "YYYY-MM-DD", date_format: "DD-MM-YYYY", time_format: false, picker_utc: true };
        }
        return {
          widget: this.labels.longText.includes(name) ? "text" : "string",
          ...(schema.pattern ? { pattern: this.pattern(schema.pattern, at, schema.format) } : {}),
        };
      case "integer":
      case "number":
        return {
          widget: "number",
          value_type: schema.type === "integer" ? "int" : "float",
          ...this.numberLimits(schema),
        };
      case "boolean":
        return { widget: "boolean", default: false };
      case "array": {
        const items = schema.items ?? {};
        if (items.enum) return { widget: "select", multiple: true, options: this.options(items.enum), ...this.limits(schema, inOptional) };
        if (items.type === "object") {
          const fields = this.fields(items, typeName, pathKey, inOptional);
          const title = fields.find((field) => field.widget === "string" || field.widget === "select" || field.widget === "relation");
          return {
            widget: "list",
            ...(title ? { summary: `{{fields.${title.name}}}` } : {}),
            collapsed: true,
            fields,
            ...this.limits(schema, inOptional),
          };
        }
        return {
          widget: "list",
          field: { name: "item", label: this.label(name, at), ...this.widget(items, name, typeName, pathKey, inOptional) },
          ...this.limits(schema, inOptional),
        };
      }
      case "object":
        return { widget: "object", fields: this.fields(schema, typeName, pathKey, inOptional) };
      default:
        throw new Error(`The CMS cannot edit ${at} (${JSON.stringify(schema)})`);
    }
  }

  private numberLimits(schema: JsonSchema) {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined && schema.type === "integer" ? schema.exclusiveMinimum + 1 : undefined);
    return { ...(min !== undefined ? { min } : {}), ...(schema.maximum !== undefined ? { max: schema.maximum } : {}) };
  }

  private limits(schema: JsonSchema, inOptional: boolean) {
    if (inOptional) return {};
    return {
      ...(schema.minItems ? { min: schema.minItems } : {}),
      ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
    };
  }

  /** The CMS fields of an object schema, in the schema's order. */
  fields(schema: JsonSchema, typeName: string, parentPath = "", inOptional = false): CmsField[] {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties ?? {}).map(([name, child]) => {
      const pathKey = parentPath ? `${parentPath}.${name}` : name;
      const hint = this.hint(typeName, pathKey, name);
      const isRequired = required.has(name) && !inOptional;
      return {
        name,
        label: this.label(name, `${typeName}.${pathKey}`),
        ...this.widget(child, name, typeName, pathKey, inOptional || !required.has(name)),
        ...(isRequired ? {} : { required: false }),
        ...(hint ? { hint } : {}),
      } as CmsField;
    });
  }
}

export interface CmsConfigOptions {
  /** The content files, relative to content/ ("services/daklekkage.json"): which files and folders there are. */
  contentFiles: string[];
  labels: CmsLabels;
  /** owner/name of the GitHub repository the CMS commits to, when the build knows it. */
  repository?: string;
  branch: string;
  siteUrl: string;
  /** A build for `npm run cms`: the CMS edits the working tree through decap-server (cmsLocalBackend). */
  localBackend: boolean;
  authScope: "public_repo" | "repo";
}

/** The Decap CMS configuration for content/, written to /admin/config.yml by plugins/gatsby-plugin-cms. */
export function cmsConfig({ contentFiles, labels, repository, branch, siteUrl, localBackend, authScope }: CmsConfigOptions) {
  const jsonFiles = contentFiles.filter((file) => file.endsWith(".json"));
  const folders = [...new Set(jsonFiles.filter((file) => file.includes("/")).map((file) => file.split("/")[0]))].sort();
  const folderOf = Object.fromEntries(folders.map((folder) => [contentTypeFor(`${folder}/x.json`), folder]));
  const builder = new FieldBuilder(labels, folderOf);
  // The check before saving words a link's rule by its text (plugins/gatsby-plugin-cms/admin/cms-validation.ts), which falls back to English without one.
  for (const [type, links] of linksByType) {
    for (const { field, link } of links) {
      if (link.where && !labels.messages.rules[link.where.rule]) {
        throw new Error(`The CMS has no Dutch message for the rule "${link.where.rule}" (${type}.${field.join(".")}); add it to messages.rules in plugins/gatsby-plugin-cms/labels.ts`);
      }
    }
  }
  const folderLabels = (folder: string) => {
    const found = labels.folders[folder];
    if (!found || !labels.order.includes(folder)) {
      throw new Error(`The CMS has no Dutch name or place for the folder content/${folder}/; add it to plugins/gatsby-plugin-cms/labels.ts`);
    }
    return found;
  };

  const topFiles = jsonFiles.filter((file) => !file.includes("/")).sort();
  for (const group of Object.keys(labels.groups)) {
    if (!labels.order.includes(group)) throw new Error(`The CMS has no place for the group "${group}"; add it to the order in plugins/gatsby-plugin-cms/labels.ts`);
  }
  const fileGroups = Object.keys(labels.groups).map((group) => ({
    name: group,
    label: labels.groups[group],
    description: labels.description,
    format: cmsFormats.json,
    editor: { preview: false },
    files: topFiles
      .filter((file) => {
        const found = labels.files[file];
        if (!found) throw new Error(`The CMS has no Dutch name for content/${file}; add it to plugins/gatsby-plugin-cms/labels.ts`);
        return found.group === group;
      })
      .map((file) => {
        const typeName = contentTypeFor(file);
        const schema = declaredSchema(typeName);
        return {
          name: file.replace(/\.json$/, ""),
          label: labels.files[file].label,
          file: `${contentRoot}/${file}`,
          media_folder: mediaFolder,
          public_folder: imagesFolder,
          fields: builder.fields(toJsonSchema(schema), typeName),
        };
      }),
  }));

  /** What a folder's collection has, whatever its files' format. */
  const folderCollection = (folder: string, extension: string, format: string) => {
    const { label, singular, identifier, fixed } = folderLabels(folder);
    return {
      name: folder,
      label,
      label_singular: singular,
      description: labels.description,
      folder: `${contentRoot}/${folder}`,
      extension,
      format,
      create: !fixed,
      delete: !fixed,
      identifier_field: identifier,
      summary: `{{${identifier}}}`,
      media_folder: mediaFolder,
      public_folder: `../${imagesFolder}`,
    };
  };

  const jsonFolders = folders.map((folder) => {
    const typeName = contentTypeFor(`${folder}/x.json`);
    const schema = declaredSchema(typeName);
    return {
      ...folderCollection(folder, "json", cmsFormats.json),
      // The file is named after the record's slug, as the folder's files are.
      slug: "{{fields.slug}}",
      fields: builder.fields(toJsonSchema(schema), typeName),
    };
  });

  const markdownFolders = Object.entries(markdownCollections).map(([folder, schema]) => {
    const typeName = `${folder} frontmatter`;
    const collection = folderCollection(folder, "md", cmsFormats.markdown);
    return {
      ...collection,
      // An article's file name, and so its address, comes from its title.
      slug: "{{slug}}",
      sortable_fields: ["date", collection.identifier_field],
      fields: [...builder.fields(toJsonSchema(schema), typeName), { name: "body", label: builder.label("body", typeName), widget: "markdown" }],
    };
  });

  return {
    locale: "nl",
    backend: { name: "github", branch, auth_scope: authScope, ...(repository ? { repo: repository } : {}) },
    // Only in a build for npm run cms: the CMS then edits the working tree through decap-server.
    ...(localBackend && { local_backend: true }),
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: `${contentRoot}/${imagesFolder}`,
    public_folder: imagesFolder,
    // An upload is drawn again in the editor's browser before it is committed: a phone's EXIF block (the position of a
    // customer's house, the camera's owner) never reaches the repository, nor does a photo larger than maxUploadEdgePx
    // (plugins/gatsby-plugin-cms/admin/upload-size.ts).
    media_processing: { enabled: true, strip_metadata: true, quality: 85 },
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [...fileGroups, ...jsonFolders, ...markdownFolders].sort(
      (a, b) => labels.order.indexOf(a.name) - labels.order.indexOf(b.name),
    ) as CmsCollection[],
  };
}

/** The long edge of a photo uploaded through the CMS at most: twice the widest size a page shows, with room to crop. */
export const maxUploadEdgePx = 2560;

/**
 * Whether this build is for `npm run cms` (scripts/cms.ts sets it): only
 * then does the CMS edit the working tree through decap-server on :8081, and
 * only then may /admin's policy connect there.
 */
export const cmsLocalBackend = (env: { CMS_LOCAL_BACKEND?: string }) => env.CMS_LOCAL_BACKEND === "true";

/**
 * The GitHub scope an editor's login grants the CMS (Decap's `auth_scope`):
 * `public_repo` unless the site's repository is private, since the token
 * stays in the browser and `repo` opens every private repository of that
 * editor (docs/cms.md).
 */
export function cmsAuthScope(env: { CMS_GITHUB_SCOPE?: string }): "public_repo" | "repo" {
  const scope = env.CMS_GITHUB_SCOPE ?? "public_repo";
  if (scope !== "public_repo" && scope !== "repo") throw new Error(`CMS_GITHUB_SCOPE is "${scope}": use public_repo (a public repository) or repo (a private one)`);
  return scope;
}

/** owner/name of a GitHub repository from its URL (https://github.com/owner/name(.git), git@github.com:owner/name.git). */
export function githubRepository(url: string | undefined): string | undefined {
  const match = url ? /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url.trim()) : null;
  return match?.[1];
}
