import type { Compiler } from "webpack";

/**
 * V8's explicit compile hint for a whole script file, as its first line
 * (plugin README, "Compiled while it downloads"): the build puts it atop every
 * script, the budgets test checks each script a page loads for it.
 */
export const compileHintComment = "//# allFunctionsCalledOnLoad";

/**
 * Puts the hint atop every script file (gatsby-node): every script of the site
 * runs as soon as it arrives, so the browser may compile each whole on the
 * thread that streams it in, instead of function by function on the main
 * thread as they are first called. Added at the first stage after
 * the minimizer's (webpack's documented PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE,
 * where Terser drops every comment it does not keep for a licence and puts
 * its licence banner atop), so the hint stays and comes first, and before the
 * content hashes are taken. Terser's own `preamble` would come after that
 * banner. __tests__/compile-hint.test.ts builds a script with both.
 */
export const compileHint = {
  apply(compiler: Compiler) {
    const { BannerPlugin, Compilation } = compiler.webpack;
    new BannerPlugin({ banner: compileHintComment, raw: true, test: /\.js$/, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }).apply(compiler);
  },
};
