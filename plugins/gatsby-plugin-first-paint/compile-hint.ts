/**
 * V8's explicit compile hint for a whole script file, as its first line
 * (plugin README, "Compiled while it downloads"): the build puts it atop every
 * script (gatsby-node), the budgets test checks each script a page loads for it.
 */
export const compileHintComment = "//# allFunctionsCalledOnLoad";
