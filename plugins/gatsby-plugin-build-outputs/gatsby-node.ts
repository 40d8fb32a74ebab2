/**
 * The files the build writes beside the pages: the form's town and service
 * lists for the function, the chatbot's answers, robots.txt, the logo for
 * structured data; Gatsby's own build files removed from public/, and no
 * source maps made (README, "What the site publishes"). What the build does to
 * the built pages' scripts: plugins/gatsby-plugin-first-paint.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import sharp from "sharp";
import { chatbotAnswersPath } from "../../src/lib/chatbot";
import { chatbotAnswers } from "../../src/lib/chatbot-answers";
import { factTable, type FactSources } from "../../src/lib/facts";
import { companyLogo } from "../../src/lib/paths";
import { siteUrl } from "../../src/lib/site-url";

/**
 * The send-contact-email function checks town and service against the lists the
 * form offers. Netlify bundles functions after this build, so the function gets
 * them from the same content the form is rendered from.
 */
const formOptionsFile = path.join("netlify", "functions", "send-contact-email", "form-options.json");

function writeFormOptions(getNodesByType: (type: string) => Node[]) {
  const [company] = getNodesByType("CompanyJson") as unknown as Queries.CompanyJson[];
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const services = (getNodesByType("ServicesJson") as unknown as Queries.ServicesJson[]).sort(byOrder);
  const towns = (getNodesByType("TownsJson") as unknown as Queries.TownsJson[]).sort(byOrder);
  const options = {
    towns: towns.map((town) => town.name),
    services: services.map((service) => service.name),
    recipient: { name: company.name, email: company.email },
    phone: company.phones.regular,
  };
  fs.mkdirSync(path.dirname(formOptionsFile), { recursive: true });
  fs.writeFileSync(formOptionsFile, `${JSON.stringify(options, null, 2)}\n`);
}

/**
 * The chatbot's questions and answers, its own and each town's (so a new town
 * file brings its answer), with every fact reference resolved, as a file the
 * chat panel fetches when it first opens: they are not part of any page's
 * first load.
 */
function writeChatbotAnswers(getNodesByType: (type: string) => Node[]) {
  const [company] = getNodesByType("CompanyJson") as unknown as FactSources["company"][];
  const services = getNodesByType("ServicesJson") as unknown as FactSources["services"];
  const towns = getNodesByType("TownsJson") as unknown as Queries.TownsJson[];
  const [chatbot] = getNodesByType("ChatbotJson") as unknown as Queries.ChatbotJson[];
  const answers = chatbotAnswers(chatbot, towns, factTable({ company, towns, services }));
  const file = path.join("public", chatbotAnswersPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(answers));
}

/**
 * Written once the content plugin has checked every file (its createPages runs
 * before this), before the pages, so `gatsby develop` serves them too.
 */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = ({ getNodesByType, reporter }) => {
  writeFormOptions(getNodesByType);
  try {
    writeChatbotAnswers(getNodesByType);
  } catch (error) {
    reporter.panicOnBuild(`Content error in content/chatbot.json: ${(error as Error).message}`);
  }
};

/**
 * With trailingSlash "never", gatsby-adapter-netlify moves each page's
 * public/{route}/index.html to public/{route}.html after the build. A following
 * build that renders no page again (nothing changed) still reads the old files
 * while stitching slices and stops with ENOENT; putting them back first keeps
 * repeated builds working.
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = () => {
  const notPages = new Set(["static", "page-data", "_gatsby", "~partytown"]);
  const restore = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!notPages.has(entry.name)) restore(full);
      } else if (entry.name.endsWith(".html") && entry.name !== "index.html") {
        const expected = path.join(dir, entry.name.slice(0, -".html".length), "index.html");
        if (!fs.existsSync(expected)) {
          fs.mkdirSync(path.dirname(expected), { recursive: true });
          fs.copyFileSync(full, expected);
        }
      }
    }
  };
  restore("public");
};

/**
 * What Gatsby leaves in public/ for its own build, which no visitor needs: the
 * stats it renders the pages' script tags from (their chunk map is inlined in
 * every page), Partytown, which the site does not use, and source maps (this
 * build makes none; an earlier one may have). The README's "What the site
 * publishes" says why these go and what stays.
 */
const isBuildInternal = (file: string) => /^(webpack\.stats\.json|chunk-map\.json|~partytown)$|\.map$/.test(file);

/** The roof mark as the raster logo structured data points at (src/lib/json-ld.ts), from the favicon's one drawing. */
async function writeCompanyLogo() {
  const { size, path: logoPath } = companyLogo;
  // The SVG's own size is 40 px: rasterise at the density that makes it `size` pixels, so the edges stay sharp.
  const svg = path.join("static", "favicon.svg");
  const { width = size } = await sharp(svg).metadata();
  await sharp(svg, { density: (72 * size) / width })
    .resize(size, size)
    .png()
    .toFile(path.join("public", logoPath));
}

/** No source maps: the scripts' sources are not published. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage === "build-javascript") actions.setWebpackConfig({ devtool: false });
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async () => {
  for (const file of fs.readdirSync("public").filter(isBuildInternal)) fs.rmSync(path.join("public", file), { recursive: true });
  await writeCompanyLogo();
  const origin = siteUrl(process.env);
  fs.writeFileSync(
    path.join("public", "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
};

