/** @jest-environment node */
/**
 * The compile hint atop a script file, as the build makes one: webpack with
 * Terser as Gatsby's minimizer (terser-webpack-plugin, which moves licence
 * comments to a .LICENSE.txt file and puts a banner atop) and the plugin's
 * compileHint. Fails when either moves to another stage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import TerserPlugin from "terser-webpack-plugin";
import webpack from "webpack";
import { compileHint, compileHintComment } from "../compile-hint";

test("comes first in every script file, above Terser's licence banner", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hint-"));
  try {
    fs.writeFileSync(path.join(dir, "entry.js"), '/*! @license Een licentie */\n// Een opmerking.\nimport("./later.js").then((later) => later.run());\n');
    fs.writeFileSync(path.join(dir, "later.js"), "export function run() {\n  // Nog een opmerking.\n  return 42;\n}\n");
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: "production",
          context: dir,
          entry: "./entry.js",
          output: { path: path.join(dir, "out"), filename: "[name]-[contenthash].js", chunkFilename: "[name]-[contenthash].js" },
          optimization: { minimizer: [new TerserPlugin({ parallel: false })] },
          plugins: [compileHint],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    const scripts = fs.readdirSync(path.join(dir, "out")).filter((file) => file.endsWith(".js"));
    expect(scripts).toHaveLength(2);
    for (const file of scripts) {
      const text = fs.readFileSync(path.join(dir, "out", file), "utf8");
      expect(text.split("\n")[0]).toBe(compileHintComment);
      // Terser dropped the other comments; the hint came after it.
      expect(text).not.toContain("opmerking");
    }
    const [main] = scripts.filter((file) => file.startsWith("main-"));
    expect(fs.readFileSync(path.join(dir, "out", main), "utf8").split("\n")[1]).toBe(`/*! For license information please see ${main}.LICENSE.txt */`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
