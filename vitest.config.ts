import path from "node:path";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: unit and integration tests do not need the React Router plugin.
export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@domain": path.resolve(import.meta.dirname, "domain") },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
