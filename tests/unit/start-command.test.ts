import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ARGS, SERVER_ENV } from "../../scripts/server-process";

/**
 * The systemd unit in docs/deploy.md starts the server as `npm start` does
 * (decisions 014 and 036): the same Node flags, and the same environment
 * (NODE_ENV comes from its EnvironmentFile, as the page says).
 */
describe("the systemd unit and npm start", () => {
  const deploy = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/deploy.md"), "utf8");

  it("runs node with npm start's arguments", () => {
    const execStart = /^ExecStart=\S*\/node (.+)$/m.exec(deploy)?.[1];
    expect(execStart?.split(/\s+/)).toEqual(SERVER_ARGS);
  });

  it("sets npm start's environment", () => {
    const environment = Object.fromEntries(
      [...deploy.matchAll(/^Environment=(\w+)=(\S*)$/gm)].map((m) => [m[1]!, m[2]!] as const),
    );
    const { NODE_ENV, ...rest } = SERVER_ENV;
    expect(NODE_ENV).toBe("production");
    expect(deploy).toMatch(/clinic\.env`[^`]*: `NODE_ENV=production`/);
    expect(environment).toEqual(rest);
  });
});
