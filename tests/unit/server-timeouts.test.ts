import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/base/config";
import { serverTimeouts } from "../../server/requests/timeouts";

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", ...env });

describe("the server's timeouts", () => {
  it("keep a kept-alive connection for HTTP_KEEP_ALIVE_TIMEOUT_MS when the idle time is longer", () => {
    expect(serverTimeouts(config({})).keepAliveTimeout).toBe(72_000);
    expect(serverTimeouts(config({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "5000" })).keepAliveTimeout).toBe(5000);
  });

  it("never promise a client a kept-alive connection longer than the idle time that closes it", () => {
    // Promised 72 s and closed after 0.6 s, a client's next request could go out on a closing connection.
    const timeouts = serverTimeouts(config({ HTTP_IDLE_TIMEOUT_MS: "600" }));
    expect(timeouts.keepAliveTimeout).toBe(600);
    expect(timeouts.connectionTimeout).toBe(600);
  });
});
