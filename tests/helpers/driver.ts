/**
 * SQLITE_GROUP_COMMIT as the test run was started with (`npm test` runs the SQLite
 * integration tests once each way, decision 054), for the helpers that build a
 * configuration from their own variables rather than the process's.
 */
export const DRIVER_ENV: Record<string, string> = process.env.SQLITE_GROUP_COMMIT
  ? { SQLITE_GROUP_COMMIT: process.env.SQLITE_GROUP_COMMIT }
  : {};
