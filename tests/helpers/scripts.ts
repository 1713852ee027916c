import { spawn } from "node:child_process";
import path from "node:path";
import type { TestApp } from "./app";

/** The repository's root folder, where the scripts run. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command as `npm run NAME` does in production: node on the compiled
 * `build/node/NAME.js` (`npm run build` first), in test mode with its logs
 * silenced and this extra environment; `input` is written to its standard
 * input. Resolves once it exits. Compiled, each run starts in a fraction of
 * the time a TypeScript loader takes.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  input?: string,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--enable-source-maps", `build/node/${script}.js`, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(input ?? "");
    child.on("error", reject);
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

/** The environment that points a script at a test app's data: its DATA_DIR and, on PostgreSQL, its DATABASE_URL. */
export function appEnv(t: Pick<TestApp, "dataDir" | "config">): Record<string, string> {
  return { DATA_DIR: t.dataDir, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
}

/** `npm run staff -- ARGS` against a test app's data; STAFF_PASSWORD is unset unless `env` sets it. */
export function staffCli(
  t: Pick<TestApp, "dataDir" | "config">,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
) {
  return runScript("staff", args, { ...appEnv(t), STAFF_PASSWORD: "", ...env }, input);
}
