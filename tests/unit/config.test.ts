import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, productionProblems } from "../../server/base/config";

function errorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("has working defaults, with the clinic landline from the specification", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.clinic.landline).toBe("+2673163012");
    expect(config.clinic.email).toMatch(/\.example\.org$/);
  });

  it("defaults the WhatsApp number to a visible placeholder pattern, and accepts a real number", () => {
    expect(loadConfig({}).clinic.whatsapp).toBe("+267 7X XXX XXX");
    expect(loadConfig({ CLINIC_WHATSAPP: "+26771234567" }).clinic.whatsapp).toBe("+26771234567");
    for (const value of ["+267 7X XXX XXX x", "7X XXX XXX", "+267 71 234 567"]) {
      expect(errorFor({ CLINIC_WHATSAPP: value }).issues.map((i) => i.variable)).toEqual(["CLINIC_WHATSAPP"]);
    }
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each(["abc", "70000", "-1", "3.5"])("rejects PORT=%s, naming the variable", (value) => {
    const error = errorFor({ PORT: value });
    expect(error.issues.map((i) => i.variable)).toEqual(["PORT"]);
    expect(error.message).toContain("PORT");
  });

  it.each(["not-an-email", "a@", "@b.org", "a b@c.org"])("rejects CLINIC_EMAIL=%s, naming the variable", (value) => {
    const error = errorFor({ CLINIC_EMAIL: value });
    expect(error.issues.map((i) => i.variable)).toEqual(["CLINIC_EMAIL"]);
  });

  it("reports every bad variable at once", () => {
    const error = errorFor({ PORT: "x", CLINIC_WHATSAPP: "0712", CLOSED_DATES: "2026-12-24,soon" });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(["CLINIC_WHATSAPP", "CLOSED_DATES", "PORT"]);
  });

  it("refuses BOOKING_POLICY, which is no longer read, rather than ignore it", () => {
    const error = errorFor({ BOOKING_POLICY: "Arrive early." });
    expect(error.issues).toEqual([{ variable: "BOOKING_POLICY", message: expect.stringContaining("no longer read") }]);
  });

  it("parses lists", () => {
    const config = loadConfig({ CLOSED_DATES: "2026-12-24, 2026-12-31", STAFF_NAMES: "A,B" });
    expect(config.closedDates).toEqual(["2026-12-24", "2026-12-31"]);
    expect(config.clinic.staffNames).toEqual(["A", "B"]);
  });
});

describe("production refuses unsafe settings (PUBLIC_BASE_URL on another host)", () => {
  const smtp = { SMTP_URL: "smtps://clinic:secret@mail.example.org:465" };

  it("runs the README quick start on its embedded defaults: NODE_ENV=production, http://localhost:3000, disk outbox", () => {
    const config = loadConfig({ NODE_ENV: "production" });
    expect(config.env).toBe("production");
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(productionProblems(config)).toEqual([]);
  });

  it.each([
    "http://localhost:3000",
    "http://127.0.0.1:8080",
    "http://127.8.9.10",
    "http://[::1]:3000",
    "http://LOCALHOST.",
  ])("a loopback base URL (%s) may be http and use the outbox", (url) => {
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: url }).publicBaseUrl).toBe(url.replace(/\/+$/, ""));
  });

  it("refuses an http:// base URL on a public host, with one message naming PUBLIC_BASE_URL", () => {
    const error = errorFor({ NODE_ENV: "production", PUBLIC_BASE_URL: "http://clinic.example.org", ...smtp });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.variable).toBe("PUBLIC_BASE_URL");
    expect(error.message).toMatch(/clinic\.example\.org is not this machine, so the site must use https:\/\//);
  });

  it.each([
    "http://10.0.0.5",
    "http://192.168.1.20:3000",
    "http://128.0.0.1",
    "http://localhost.example.org",
    "http://[::2]",
  ])("counts %s as another host", (url) => {
    expect(errorFor({ NODE_ENV: "production", PUBLIC_BASE_URL: url, ...smtp }).issues.map((i) => i.variable)).toEqual([
      "PUBLIC_BASE_URL",
    ]);
  });

  it("refuses no SMTP transport on a public host, with one message naming SMTP_URL", () => {
    const error = errorFor({ NODE_ENV: "production", PUBLIC_BASE_URL: "https://clinic.example.org" });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.variable).toBe("SMTP_URL");
    expect(error.message).toMatch(/MAIL_OUTBOX_ALLOWED=true/);
  });

  it("reports both problems at once", () => {
    const error = errorFor({ NODE_ENV: "production", PUBLIC_BASE_URL: "http://clinic.example.org" });
    expect(error.issues.map((i) => i.variable)).toEqual(["PUBLIC_BASE_URL", "SMTP_URL"]);
  });

  it("accepts https with SMTP, or https with the disk outbox chosen explicitly", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://clinic.example.org", ...smtp }).mail.smtpUrl).toBe(smtp.SMTP_URL);
    const outbox = loadConfig({ PUBLIC_BASE_URL: "https://clinic.example.org", MAIL_OUTBOX_ALLOWED: "true" });
    expect(outbox.mailOutboxAllowed).toBe(true);
    expect(
      errorFor({ PUBLIC_BASE_URL: "https://clinic.example.org", MAIL_OUTBOX_ALLOWED: "false" }).issues[0]!.variable,
    ).toBe("SMTP_URL");
  });

  it("applies in development too; only the test suites' NODE_ENV=test is exempt", () => {
    expect(errorFor({ NODE_ENV: "development", PUBLIC_BASE_URL: "http://clinic.example.org" }).issues).toHaveLength(2);
    expect(loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "http://clinic.example.org" }).env).toBe("test");
  });
});

describe("backup settings", () => {
  const recipient = "age15ll2wkwe74r86ts7tmhnljwp3kg8wdl7q8504sn2qjlqp65pesuq5cu3e4";

  it("defaults: no recipient, keep 7 daily and 4 weekly", () => {
    expect(loadConfig({}).backups).toEqual({ recipient: undefined, keepDaily: 7, keepWeekly: 4 });
  });

  it("reads the recipient and the rotation counts", () => {
    expect(
      loadConfig({ BACKUP_RECIPIENT: recipient, BACKUP_KEEP_DAILY: "14", BACKUP_KEEP_WEEKLY: "0" }).backups,
    ).toEqual({
      recipient,
      keepDaily: 14,
      keepWeekly: 0,
    });
  });

  it.each(["AGE-SECRET-KEY-1QQQQ", "age1short", "ssh-ed25519 AAAA", recipient.toUpperCase()])(
    "rejects BACKUP_RECIPIENT=%s",
    (value) => {
      expect(errorFor({ BACKUP_RECIPIENT: value }).issues.map((i) => i.variable)).toEqual(["BACKUP_RECIPIENT"]);
    },
  );

  it.each([
    ["BACKUP_KEEP_DAILY", "0"],
    ["BACKUP_KEEP_WEEKLY", "-1"],
    ["BACKUP_KEEP_DAILY", "two"],
  ])("rejects %s=%s", (variable, value) => {
    expect(errorFor({ [variable]: value }).issues.map((i) => i.variable)).toEqual([variable]);
  });
});

describe("HTTP timeouts", () => {
  it("defaults: 30 s for the headers, 5 min for the whole request, 2 min of silence, 72 s between kept-alive requests, 20 s to stop", () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 30_000,
      requestMs: 300_000,
      idleMs: 120_000,
      keepAliveMs: 72_000,
      shutdownGraceMs: 20_000,
    });
  });

  it("refuses a headers timeout longer than the request's, naming HTTP_HEADERS_TIMEOUT_MS", () => {
    const error = errorFor({ HTTP_HEADERS_TIMEOUT_MS: "60000", HTTP_REQUEST_TIMEOUT_MS: "30000" });
    expect(error.issues.map((i) => i.variable)).toEqual(["HTTP_HEADERS_TIMEOUT_MS"]);
  });

  it.each([
    ["HTTP_HEADERS_TIMEOUT_MS", "0"],
    ["HTTP_REQUEST_TIMEOUT_MS", "soon"],
    ["HTTP_IDLE_TIMEOUT_MS", "99"],
    ["HTTP_KEEP_ALIVE_TIMEOUT_MS", "0"],
    ["SHUTDOWN_GRACE_MS", "forever"],
    ["SHUTDOWN_GRACE_MS", "600001"],
  ])("rejects %s=%s", (variable, value) => {
    expect(errorFor({ [variable]: value }).issues.map((i) => i.variable)).toEqual([variable]);
  });
});

describe("METRICS_TOKEN", () => {
  it("is unset by default (no metrics), and taken when long enough", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = "m".repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each([
    ["too short", "short-token"],
    ["with a space", `${"a".repeat(20)} ${"b".repeat(20)}`],
  ])("refuses a token %s, naming METRICS_TOKEN", (_what, value) => {
    expect(errorFor({ METRICS_TOKEN: value }).issues.map((i) => i.variable)).toEqual(["METRICS_TOKEN"]);
  });
});

describe("the server at start", () => {
  it("exits 78 with one message per unsafe setting, before opening the database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-unsafe-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: {
          ...process.env,
          NODE_ENV: "production",
          LOG_LEVEL: "warn",
          DATA_DIR: dataDir,
          PUBLIC_BASE_URL: "http://clinic.example.org",
          SMTP_URL: "",
          PORT: "0",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      // A server that starts instead of refusing is stopped, not left running.
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      clearTimeout(timer);
      expect(code).toBe(78);
      expect(output).toMatch(
        /PUBLIC_BASE_URL: clinic\.example\.org is not this machine, so the site must use https:\/\//,
      );
      expect(output).toMatch(/SMTP_URL: is not set, so no e-mail would be sent/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
