import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MINIMUM_NODE, unsupportedNodeMessage } from "../../server/http/supported-node";
import { ROOT } from "../helpers/scripts";

/** The machine's own Node (Debian's, or a CI image's), when it is older than the one the project brings. */
function olderMachineNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    if (!fs.existsSync(candidate)) continue;
    const version = execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim();
    if (unsupportedNodeMessage(version)) return candidate;
  }
  return undefined;
}

describe("the supported Node (decision 023)", () => {
  it("runs the tests themselves on the Node that npm install brought, a supported LTS", () => {
    expect(unsupportedNodeMessage()).toBeUndefined();
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    // npm scripts run `node` from node_modules/.bin: the `node` package's binary.
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync(`${ROOT}/node_modules/.bin/node`));
  });

  it("depends on a node package that is supported, and names no engines for npm's own Node to warn of", () => {
    const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, "utf8")) as {
      dependencies: { node: string };
      engines?: unknown;
    };
    expect(pkg.dependencies.node).toMatch(/^~\d+\.\d+\.\d+$/);
    expect(unsupportedNodeMessage(pkg.dependencies.node.slice(1))).toBeUndefined();
    expect(pkg.engines).toBeUndefined();
  });

  it("refuses end-of-life and older releases by their version", () => {
    expect(unsupportedNodeMessage("20.20.2")).toMatch(/need Node\.js 24\.11\.0 or newer.*20\.20\.2/);
    expect(unsupportedNodeMessage("v22.23.2")).toBeDefined();
    expect(unsupportedNodeMessage("24.10.9")).toBeDefined();
    expect(unsupportedNodeMessage("24.11.0")).toBeUndefined();
    expect(unsupportedNodeMessage("v24.21.0")).toBeUndefined();
    expect(unsupportedNodeMessage("26.0.0")).toBeUndefined();
  });

  const oldNode = olderMachineNode();
  it.skipIf(!oldNode)(
    "the compiled server and every command stop on an older Node with a sentence, before loading anything",
    () => {
      for (const command of ["server", "staff", "purge", "backup", "restore"]) {
        const run = spawnSync(oldNode!, [`build/node/${command}.js`, "list"], {
          cwd: ROOT,
          encoding: "utf8",
          timeout: 20_000,
          env: { ...process.env, DATA_DIR: fs.mkdtempSync("/tmp/clinic-old-node-"), PORT: "0" },
        });
        expect(run.status, `${command}: ${run.stderr}`).toBe(78);
        expect(run.stderr).toContain(`need Node.js ${MINIMUM_NODE} or newer`);
        expect(run.stderr).not.toMatch(/NODE_MODULE_VERSION|Error:|\n\s+at /);
      }
    },
  );
});
