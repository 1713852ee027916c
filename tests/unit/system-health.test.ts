import { describe, expect, it } from "vitest";
import { durationWords, systemTroubles, troubleWords, type HealthFigures } from "../../domain/system-health";

const NOW = new Date("2026-11-26T10:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const GB = 1024 ** 3;

function healthy(over: Partial<HealthFigures> = {}): HealthFigures {
  return {
    queues: [
      { channel: "email", pending: 0, oldestPendingAt: null },
      { channel: "sms", pending: 1, oldestPendingAt: ago(1) },
    ],
    failingLookbackDays: 7,
    failingEmails: 0,
    lastBackupAt: ago(60),
    disk: { freeBytes: 50 * GB, sizeBytes: 100 * GB },
    ...over,
  };
}

describe("systemTroubles", () => {
  it("finds none in healthy figures", () => {
    expect(systemTroubles(healthy(), NOW)).toEqual([]);
  });

  it("a backup: none, or older than 24 hours (24 hours exactly is still fine)", () => {
    expect(systemTroubles(healthy({ lastBackupAt: null }), NOW)).toEqual([{ kind: "backup", lastBackupAt: null }]);
    expect(systemTroubles(healthy({ lastBackupAt: ago(24 * 60) }), NOW)).toEqual([]);
    expect(systemTroubles(healthy({ lastBackupAt: ago(24 * 60 + 1) }), NOW)).toEqual([
      { kind: "backup", lastBackupAt: ago(24 * 60 + 1) },
    ]);
  });

  it("a queue whose oldest waiting message is more than 15 minutes old", () => {
    const queues = [
      { channel: "email", pending: 3, oldestPendingAt: ago(15) },
      { channel: "whatsapp", pending: 1, oldestPendingAt: ago(16) },
    ];
    expect(systemTroubles(healthy({ queues }), NOW)).toEqual([
      { kind: "queue", channel: "whatsapp", oldestPendingAt: ago(16) },
    ]);
  });

  it("free disk under 10 % of its size; a disk of unknown size is not judged", () => {
    expect(systemTroubles(healthy({ disk: { freeBytes: 10 * GB, sizeBytes: 100 * GB } }), NOW)).toEqual([]);
    expect(systemTroubles(healthy({ disk: { freeBytes: 9 * GB, sizeBytes: 100 * GB } }), NOW)).toEqual([
      { kind: "disk", freePercent: 9 },
    ]);
    expect(systemTroubles(healthy({ disk: { freeBytes: 0, sizeBytes: 0 } }), NOW)).toEqual([]);
  });

  it("failing e-mails, and failing texts when they were read", () => {
    expect(systemTroubles(healthy({ failingEmails: 2, failingTexts: 1 }), NOW)).toEqual([
      { kind: "failing-emails", count: 2, days: 7 },
      { kind: "failing-texts", count: 1, days: 7 },
    ]);
    expect(systemTroubles(healthy({ failingTexts: undefined }), NOW)).toEqual([]);
  });
});

describe("the words", () => {
  it("says each trouble in a sentence", () => {
    const words = systemTroubles(
      healthy({
        lastBackupAt: ago(3 * 24 * 60 + 5),
        queues: [{ channel: "sms", pending: 4, oldestPendingAt: ago(125) }],
        disk: { freeBytes: 4.5 * GB, sizeBytes: 100 * GB },
        failingEmails: 1,
        failingTexts: 3,
      }),
      NOW,
    ).map((t) => troubleWords(t, NOW));
    expect(words).toEqual([
      "The last backup was taken 3 days ago: backups should run every day.",
      "Text messages (SMS): a message has been waiting to go out for 2 hours.",
      "The data disk is almost full: 4.5 % free.",
      "1 e-mail could not be delivered in the last 7 days.",
      "3 text messages to patients failed in the last 7 days.",
    ]);
    expect(troubleWords({ kind: "backup", lastBackupAt: null }, NOW)).toBe("No backup has been taken.");
  });

  it("a duration in its largest whole unit", () => {
    expect(durationWords(30_000)).toBe("less than a minute");
    expect(durationWords(60_000)).toBe("1 minute");
    expect(durationWords(59 * 60_000)).toBe("59 minutes");
    expect(durationWords(90 * 60_000)).toBe("1 hour");
    expect(durationWords(49 * 3600_000)).toBe("2 days");
  });
});
