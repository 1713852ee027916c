import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { migrate, openDb } from "./db/index";
import { securePrivateData } from "./private-files";

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
