import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "../e2e/mail-sink";
import { ConfigError, loadConfig } from "../../server/base/config";
import { createSender, smtpOptions, SMTP_TIMEOUTS } from "../../server/mail/transport";
import { MAIL_CLAIM_MS } from "../../server/mail/worker";

/**
 * Decision 009: SMTP requires TLS (STARTTLS or smtps) unless the host is this
 * machine or SMTP_ALLOW_PLAINTEXT=true. A real SMTP peer that offers no
 * STARTTLS listens on 127.0.0.2: a loopback address, so the test runs here,
 * but not one of the names counted as local (localhost, 127.0.0.1, ::1), so
 * it stands for a mail server elsewhere on the network.
 */

const mail = { from: "clinic@example.org", to: "patient@example.net", subject: "Private", text: "body" };

describe("SMTP requires TLS", () => {
  let server: SmtpPeer;
  let port = 0;
  let received = 0;
  beforeAll(async () => {
    server = await startSmtpPeer(
      (stream, accept) => {
        stream.resume();
        stream.on("end", () => {
          received++;
          accept();
        });
      },
      { host: "127.0.0.2" },
    );
    port = server.port;
  });
  afterAll(async () => {
    await server.close();
  });

  const configFor = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent", ...env });

  it("refuses to send to a non-local smtp:// server that offers no STARTTLS, and nothing is delivered", async () => {
    const sender = createSender(configFor({ SMTP_URL: `smtp://127.0.0.2:${port}` }));
    await expect(sender.send(mail)).rejects.toThrow(/STARTTLS/i);
    sender.close();
    expect(received).toBe(0);
  });

  it("sends in plaintext to it only when SMTP_ALLOW_PLAINTEXT=true", async () => {
    const sender = createSender(configFor({ SMTP_URL: `smtp://127.0.0.2:${port}`, SMTP_ALLOW_PLAINTEXT: "true" }));
    await sender.send(mail);
    sender.close();
    expect(received).toBe(1);
  });

  it("needs no TLS for this machine, requires STARTTLS elsewhere, and smtps:// is TLS from the start", () => {
    expect(smtpOptions("smtp://127.0.0.1:2525", false)).toMatchObject({
      host: "127.0.0.1",
      requireTLS: false,
      secure: false,
    });
    expect(smtpOptions("smtp://localhost:2525", false)).toMatchObject({ requireTLS: false });
    expect(smtpOptions("smtp://[::1]:2525", false)).toMatchObject({ host: "::1", requireTLS: false });
    expect(smtpOptions("smtp://u%40x:p%3Ass@mail.example.org", false)).toMatchObject({
      host: "mail.example.org",
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      auth: { user: "u@x", pass: "p:ss" },
      tls: { rejectUnauthorized: true },
    });
    expect(smtpOptions("smtps://mail.example.org", false)).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
  });

  it("refuses options in SMTP_URL at start-up, so none can turn TLS off", () => {
    for (const query of ["?ignoreTLS=true", "?requireTLS=false", "?tls.rejectUnauthorized=false"]) {
      expect(() => configFor({ SMTP_URL: `smtp://mail.example.org:587${query}` })).toThrow(ConfigError);
      expect(() => configFor({ SMTP_URL: `smtp://mail.example.org:587${query}` })).toThrow(
        /SMTP_URL: takes no \?options/,
      );
    }
  });

  it("ends a stuck SMTP conversation well before the worker's claim on the message could lapse", () => {
    const limit = Math.max(
      SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout,
      SMTP_TIMEOUTS.socketTimeout,
    );
    expect(limit).toBeLessThan(MAIL_CLAIM_MS / 2);
    expect(smtpOptions("smtps://mail.example.org", false)).toMatchObject(SMTP_TIMEOUTS);
  });
});
