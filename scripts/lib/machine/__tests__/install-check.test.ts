/** @jest-environment node */
/**
 * The install check against scratch projects, with the npm of the Node that
 * runs the tests (Node 24 in the Node-24 leg): one whose node_modules holds
 * what its lock names, one with a package too many, one with a package
 * missing. Each scratch project's own `engines` exclude that Node, so a real
 * install would warn of it. Its one dependency is a folder beside it (a
 * `file:` link), so npm asks no registry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkInstall, installedProject, readDryRun } from "../install-check";

const major = Number(process.versions.node.split(".")[0]);
const manifest = { name: "scratch", version: "1.0.0", private: true, engines: { node: `<${major}` }, dependencies: { kept: "file:kept" } };
/** As npm 11 writes it for the manifest above. */
const lock = {
  name: "scratch",
  version: "1.0.0",
  lockfileVersion: 3,
  requires: true,
  packages: {
    "": { name: "scratch", version: "1.0.0", dependencies: { kept: "file:kept" }, engines: { node: `<${major}` } },
    kept: { version: "1.0.0" },
    "node_modules/kept": { resolved: "kept", link: true },
  },
};
// This Node first on PATH, so that `npm` runs under it.
const env = { ...process.env, PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter) };

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

const writeJson = (file: string, data: unknown) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
};

/** A scratch project whose node_modules holds what its lock names, after `change` changed it. */
function scratchProject(change: (dir: string) => void = () => undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "install-check-"));
  folders.push(dir);
  writeJson(path.join(dir, "package.json"), manifest);
  writeJson(path.join(dir, "package-lock.json"), lock);
  writeJson(path.join(dir, "kept", "package.json"), { name: "kept", version: "1.0.0" });
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync("../kept", path.join(dir, "node_modules", "kept"));
  change(dir);
  return dir;
}

const engineWarning = `package: 'scratch@1.0.0', required: { node: '<${major}' }, current: { node: '${process.version}'`;

test("finds nothing to do where node_modules holds what the lock names, and warns of the engines that exclude this Node", async () => {
  const check = await checkInstall(scratchProject(), env);
  expect(check).toMatchObject({ status: 0, differences: [] });
  expect(check.engineWarnings).toEqual([expect.stringContaining(engineWarning)]);
});

test("finds a package the install would remove", async () => {
  const project = scratchProject((dir) => writeJson(path.join(dir, "node_modules", "stray", "package.json"), { name: "stray", version: "2.0.0" }));
  expect(await checkInstall(project, env)).toMatchObject({ status: 0, differences: ["remove stray 2.0.0"] });
});

test("finds a package the install would add", async () => {
  const project = scratchProject((dir) => fs.rmSync(path.join(dir, "node_modules", "kept")));
  expect(await checkInstall(project, env)).toMatchObject({ status: 0, differences: ["add kept 1.0.0"] });
});

test("reads a change as npm prints it, and nothing from its other lines", () => {
  const stdout = "change kept 1.0.0 => 1.1.0\n\nchanged 1 package in 1s\n";
  const stderr = "npm warn ERESOLVE overriding peer dependency\nnpm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: 'old@1.0.0',\nnpm warn EBADENGINE   required: { node: '<21' },\nnpm warn EBADENGINE   current: { node: 'v24.0.0', npm: '11.0.0' }\nnpm warn EBADENGINE }\n";
  expect(readDryRun(stdout, stderr)).toEqual({
    differences: ["change kept 1.0.0 => 1.1.0"],
    engineWarnings: ["package: 'old@1.0.0', required: { node: '<21' }, current: { node: 'v24.0.0', npm: '11.0.0' }"],
  });
});

describe("a project whose node_modules is a link to another checkout's", () => {
  const linkedTo = (installed: string, change: (dir: string) => void = () => undefined) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "install-check-link-"));
    folders.push(dir);
    for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(installed, file), path.join(dir, file));
    fs.symlinkSync(path.join(installed, "node_modules"), path.join(dir, "node_modules"));
    change(dir);
    return dir;
  };

  test("is checked in that checkout, where the same package.json and lock were installed", () => {
    const installed = scratchProject();
    expect(installedProject(linkedTo(installed))).toBe(fs.realpathSync(installed));
  });

  test("is refused when its lock differs from that checkout's", () => {
    const installed = scratchProject();
    const project = linkedTo(installed, (dir) => writeJson(path.join(dir, "package-lock.json"), { ...lock, packages: { ...lock.packages, kept: { version: "1.1.0" } } }));
    expect(() => installedProject(project)).toThrow(`node_modules is a link to ${fs.realpathSync(installed)}/node_modules, whose package-lock.json differs from this project's`);
  });
});
