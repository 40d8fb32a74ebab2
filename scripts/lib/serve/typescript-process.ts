/**
 * The scripts and servers are TypeScript, run by jiti (a dev dependency) in
 * Node's own process: `jiti FILE` in package.json, and here the same command
 * for a script or server another process starts, with the Node that runs
 * this one (Node 24 in the Node-24 leg, say).
 */
import path from "node:path";

/** jiti's command line, as `npx jiti` runs it. */
export const jitiCli = path.join(path.dirname(require.resolve("jiti/package.json")), "lib", "jiti-cli.mjs");

/** The command and arguments that run the TypeScript file `file` with `args`: for spawn and execFile. */
export const typescriptProcess = (file: string, args: string[] = []): [string, string[]] => [process.execPath, [jitiCli, file, ...args]];
