/**
 * V8's explicit compile hint for a whole script file, as its first line
 * (docs/performance.md, "Compiled while it downloads"): the build puts it atop
 * every script, the budgets test checks each script a page loads for it.
 */
export const compileHintComment = "//# allFunctionsCalledOnLoad";
