import module from "node:module";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./base/config";
import { migrate, openDb } from "./db/index";
import { securePrivateData } from "./base/private-files";

/** Once the connections that outlived SHUTDOWN_GRACE_MS are cut, how long the rest of the stop may take. */
const STOP_AFTER_CUT_MS = 5_000;

/** Starts the server: validate configuration, migrate, listen, and shut down cleanly on SIGTERM/SIGINT. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  securePrivateData(config);
  const db = openDb(config);
  await migrate(db);
  const app = await buildApp({ config, db });

  // Stopping (decision 033): no new connections; the requests in flight finish; the jobs
  // stop; the connections to the message providers and the database close; exit 0. A stop
  // still going after SHUTDOWN_GRACE_MS cuts the connections left open and exits 1.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.httpTimeouts.shutdownGraceMs;
    app.log.info({ signal, graceMs }, "shutting down: finishing requests in flight");
    let late = false;
    const limit = setTimeout(() => {
      late = true;
      app.log.warn({ graceMs }, "shutting down: still stopping after the limit, open connections are cut");
      app.server.closeAllConnections();
      // Whatever still does not stop (a job's run) gets a little longer, then the process ends.
      setTimeout(() => {
        app.log.error("shutting down: still not stopped, exiting");
        process.exit(1);
      }, STOP_AFTER_CUT_MS).unref();
    }, graceMs);
    limit.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, stops the jobs, closes the database
      clearTimeout(limit);
      process.exit(late ? 1 : 0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // What the start compiled is written to the compile cache (build/node/compile-cache, decision 085)
  // now rather than at exit, and the cache's copy in memory let go of (1.5 MB); a no-op without it.
  module.flushCompileCache();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
