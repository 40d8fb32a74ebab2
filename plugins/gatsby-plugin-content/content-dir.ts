import path from "node:path";

/** The folder of content files: content/, or CONTENT_DIR when tests build from a fixture copy. */
export const contentDir = path.resolve(process.env.CONTENT_DIR || "content");
