/**
 * The compiled server as a child process, started the way `npm start` starts it and waited for
 * until /api/health answers: the build (which starts it once to write V8's compile cache), the
 * bench, Lighthouse, the end-to-end configuration and the integration tests that need a real process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Milliseconds from spawning the process to its first successful /api/health answer. */
  startupMs: number;
}

/** package.json's start script. */
const START_SCRIPT = (
  JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start;

/**
 * Node's arguments for the compiled server (`npm run build` writes it), read
 * from package.json's start script, so tests run it exactly as `npm start` does.
 */
export const SERVER_ARGS: string[] = (() => {
  const args = /\bnode\s+(.+)$/.exec(START_SCRIPT)?.[1]?.split(/\s+/);
  if (!args?.length) throw new Error(`package.json's start script does not run node: ${START_SCRIPT}`);
  return args;
})();

/** The environment the start script sets before `node` (NODE_ENV and the MALLOC_ settings), likewise. */
export const SERVER_ENV: Record<string, string> = Object.fromEntries(
  (/^(.*?)\bnode\s/.exec(START_SCRIPT)?.[1] ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((assignment) => {
      const [name, value] = assignment.split("=");
      if (!name || value === undefined) throw new Error(`package.json's start script: not NAME=value: ${assignment}`);
      return [name, value];
    }),
);

/** Starts the real, compiled server on a free port and waits for /api/health. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "clinic-proc-"));
  let output = "";
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave a half-started server behind: it would hold a port and a core.
      child.kill("SIGKILL");
      await exited;
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - spawnedAt;
  return { child, port, url, dataDir, output: () => output, exited, startupMs };
}

/** Runs the server entry point once and returns its exit code and output (for start-up failures). */
export async function runServerExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: { ...process.env, ...SERVER_ENV, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

/**
 * Starts two servers with the same environment at once (one migrates, the
 * other waits for the migration lock). Every server that did start is pushed
 * onto `started` before a failure is thrown, so `stopServers` can stop it.
 */
export async function startTwoServers(
  env: Record<string, string>,
  started: ServerProcess[],
): Promise<[ServerProcess, ServerProcess]> {
  const results = await Promise.allSettled([startServer(env), startServer(env)]);
  for (const r of results) if (r.status === "fulfilled") started.push(r.value);
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return [started.at(-2)!, started.at(-1)!];
}

/** Stops every server in the list that is still running, and waits for each to exit. */
export async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }
}
