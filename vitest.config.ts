import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Integration tests whose outcome no database can change (headers, static
 * pages, body limits before anything is stored, address parsing, file
 * checks and their threads, mail transport): the extra passes below leave them out.
 */
const NOT_DATABASE_TESTS = [
  "body-limits",
  "client-address",
  "compiled-server-start",
  "content-pages-no-script",
  "mail-transport-security",
  "pdf-active-content",
  "pdf-check-pool",
  "private-files",
  "security-headers",
  "static-site",
].map((name) => `tests/integration/${name}.test.ts`);

/** Files that replace a module (vi.mock) and so need modules of their own. */
const OWN_MODULES = ["tests/unit/staff-passwords.test.ts"];

/**
 * `npm test` (scripts/test-all.ts) asks for the extra passes over the integration tests in the
 * same run, so they share its workers: TEST_PASSES=kysely,pg runs them again on Kysely's own
 * SQLite driver (SQLITE_GROUP_COMMIT=false, decision 054) and on the PostgreSQL server named by
 * TEST_PG_URL. Without it, `npx vitest` runs each file once, on TEST_DATABASE_URL if set.
 */
const passes = new Set((process.env.TEST_PASSES ?? "").split(",").filter(Boolean));
const pgUrl = process.env.TEST_PG_URL ?? "";
if (passes.has("pg") && !/^postgres(ql)?:\/\//.test(pgUrl)) {
  throw new Error("TEST_PASSES names pg, but TEST_PG_URL is not a postgres:// URL");
}

const integration = "tests/integration/**/*.test.ts";
// The integration tests' pages render with React's production build, as the server serves them (the
// e2e server runs NODE_ENV=production too): Vitest's NODE_ENV=test loaded React's development build,
// which took a fifth of the workers' CPU (decision 089). The app's own configuration is given its
// NODE_ENV by each test (tests/helpers/app.ts), not from the environment.
const RENDER_AS_SERVED = { NODE_ENV: "production" };
// Each pass's migrated database, which its test apps copy.
const globalSetup = ["tests/integration/global-setup.ts"];
// Modules load once per worker, not once per file (isolate: false): the same tests on a third of the
// CPU. A file must leave nothing behind that the next one could trip on (decision 055).
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], exclude: OWN_MODULES, isolate: false },
  },
  { extends: true, test: { name: "own-modules", include: OWN_MODULES } },
  {
    extends: true,
    // With extra passes, this one is the SQLite pass whatever the environment says.
    test: {
      name: "integration",
      globalSetup,
      include: [integration],
      isolate: false,
      env: { ...RENDER_AS_SERVED, ...(passes.size > 0 ? { TEST_DATABASE_URL: "" } : {}) },
    },
  },
];
if (passes.has("kysely")) {
  projects.push({
    extends: true,
    test: {
      name: "integration-kysely",
      globalSetup,
      include: [integration],
      exclude: NOT_DATABASE_TESTS,
      isolate: false,
      env: { ...RENDER_AS_SERVED, TEST_DATABASE_URL: "", SQLITE_GROUP_COMMIT: "false" },
    },
  });
}
if (passes.has("pg")) {
  projects.push({
    extends: true,
    test: {
      name: "integration-pg",
      globalSetup,
      include: [integration],
      exclude: NOT_DATABASE_TESTS,
      isolate: false,
      env: { ...RENDER_AS_SERVED, TEST_DATABASE_URL: pgUrl },
    },
  });
}

// Kept apart from vite.config.ts: unit and integration tests do not need the React Router plugin.
export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@domain": path.resolve(import.meta.dirname, "domain") },
  },
  test: {
    environment: "node",
    // The app's server build (build/server/index.js, 1.2 MB, loaded with the first page a test app renders)
    // is plain JavaScript made for Node: Node loads it, not Vite's transform (0.4 s instead of 2.2 s, once
    // per worker and pass; under a loaded CI the first page render of a file took its test past 20 s).
    server: { deps: { external: [/\/build\/server\//] } },
    // Each pass (project) and worker transforms the same modules: with the cache on disk the first transform
    // serves the rest (three passes of one small file: 13.8 s before, 9.9 s from a cold cache, 7.4 s warm).
    experimental: { fsModuleCache: true },
    setupFiles: ["tests/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One worker per core (Vitest's default leaves one core free, so one worker on a 2-core machine):
    // most of an integration test is waiting on a server, a database or a socket.
    maxWorkers: os.availableParallelism(),
    projects,
  },
});
