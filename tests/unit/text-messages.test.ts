import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localisedPath } from "../../domain/locale";
import { EARLIER_PATH_PREFIX, MANAGE_PATH_PREFIX } from "../../domain/paths";
import { decodeGsm7, encodeGsm7, septetCount, SMS_MAX_SEPTETS, toGsm7 } from "../../domain/gsm7";
import {
  composeSms,
  isQuiet,
  isStopWord,
  parseQuietHours,
  quietUntil,
  SMS_LINK_ORIGIN_MAX,
  SMS_SENDER_NAME_MAX,
  SmsTooLongError,
  TEXT_KINDS,
  TIMED_KINDS,
  whatsappTemplate,
  WHATSAPP_TEMPLATES,
} from "../../domain/text-messages";
import { textChannelFor } from "../../domain/contact-preference";
import { envSchema, loadConfig } from "../../server/base/config";
import { newToken } from "../../server/base/tokens";

describe("GSM-7", () => {
  it("keeps GSM-7 characters, straightens lookalikes, strips accents outside it, and replaces the rest", () => {
    expect(toGsm7("Café résumé Ñandú")).toBe("Café résumé Ñandu"); // é, Ñ are GSM-7; ú is not
    expect(toGsm7("Mpho’s “visit” – now…")).toBe(`Mpho's "visit" - now...`);
    expect(toGsm7("Tâbê Çıøn")).toBe("Tabe Çiøn");
    expect(toGsm7("emoji 😀 and 漢")).toBe("emoji ? and ?");
    expect(toGsm7("a\u00a0b\tc")).toBe("a b c");
    for (const c of toGsm7("Æ ß ¿ ¡ § € [ ] { } ~ ^ | \\")) expect(() => septetCount(c)).not.toThrow();
  });

  it("counts extension characters as two septets and refuses characters outside GSM-7", () => {
    expect(septetCount("abc")).toBe(3);
    expect(septetCount("€[]")).toBe(6);
    expect(septetCount("@£$")).toBe(3);
    // A whole message: each of its 10 extension characters counts twice, each other character once.
    const message = "Ref {APT-1}: [5€] ~ ^ | \\ é\nÆ\fok";
    expect(septetCount(message)).toBe([...message].length + 10);
    expect(encodeGsm7(message)).toHaveLength(septetCount(message));
    expect(() => septetCount("ú")).toThrow(/U\+00fa/);
    expect(() => septetCount("ok ú")).toThrow(/U\+00fa/);
    expect(() => encodeGsm7("😀")).toThrow();
  });

  it("encodes unpacked septets (one a byte) and decodes them back", () => {
    expect([...encodeGsm7("@A_€")]).toEqual([0x00, 0x41, 0x11, 0x1b, 0x65]);
    const text = "Example Imaging: APT-2026-000123 on Wed 30 Sep at 09:30 {ok} ~ [x] ^ | \\ é ü $";
    expect(decodeGsm7(encodeGsm7(text))).toBe(text);
    expect(encodeGsm7(text)).toHaveLength(septetCount(text));
  });
});

describe("the SMS for each step", () => {
  const longestOrigin = "https://" + "a".repeat(SMS_LINK_ORIGIN_MAX - "https://.bw".length) + ".bw";
  const longestName = "Mmamotshwane Xyz".slice(0, SMS_SENDER_NAME_MAX).padEnd(SMS_SENDER_NAME_MAX, "W");
  const longestLink = `${longestOrigin}${MANAGE_PATH_PREFIX}${newToken()}`;

  it("uses the longest sender name and link origin that configuration accepts", () => {
    expect(longestOrigin).toHaveLength(SMS_LINK_ORIGIN_MAX);
    expect(longestName).toHaveLength(SMS_SENDER_NAME_MAX);
    const config = loadConfig({ NODE_ENV: "test", SMS_SENDER_NAME: longestName, SMS_LINK_BASE_URL: longestOrigin });
    expect(config.texts.smsSenderName).toBe(longestName);
    expect(config.texts.smsLinkOrigin).toBe(longestOrigin);
    // One more character of either is refused at start, naming the variable.
    expect(() => loadConfig({ NODE_ENV: "test", SMS_SENDER_NAME: longestName + "x" })).toThrow(/SMS_SENDER_NAME/);
    expect(() =>
      loadConfig({ NODE_ENV: "test", SMS_LINK_BASE_URL: longestOrigin.replace("https://", "https://a") }),
    ).toThrow(/SMS_LINK_BASE_URL/);
    expect(() => loadConfig({ NODE_ENV: "test", CLINIC_SHORT_NAME: "Gaborone Diagnostic Imaging" })).toThrow(
      /SMS_SENDER_NAME: is not set, and CLINIC_SHORT_NAME/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "https://www.gaborone-diagnostic-imaging-centre.co.bw" }),
    ).toThrow(/SMS_LINK_BASE_URL: is not set, and PUBLIC_BASE_URL/);
  });

  it("fits one segment for every kind with the longest name, link, reference and date, with every fact in it", () => {
    for (const kind of TEXT_KINDS) {
      for (const date of ["2026-09-30", "2026-12-02"]) {
        const facts = {
          sender: longestName,
          reference: "APT-2026-1234567",
          date,
          time: "09:30",
          link: longestLink,
        };
        const sms = composeSms(kind, facts);
        expect(septetCount(sms), `${kind}: ${sms}`).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
        expect(sms.startsWith(`${longestName}: `)).toBe(true);
        expect(sms).toContain("APT-2026-1234567");
        expect(sms).toContain(date === "2026-09-30" ? "Wed 30 Sep" : "Wed 2 Dec");
        expect(sms).toContain(longestLink);
        if (TIMED_KINDS.includes(kind)) expect(sms).toContain("09:30");
      }
    }
  });

  it("fits one segment in Setswana too, GSM-7 only, with the /tn link and every fact, at the same limits", () => {
    const tnLink = `${longestOrigin}${localisedPath(MANAGE_PATH_PREFIX, "tn")}${newToken()}`;
    for (const kind of TEXT_KINDS) {
      for (const [date, day] of [
        ["2026-09-30", "30 Lwe"],
        ["2026-12-02", "2 Sed"],
      ] as const) {
        const facts = { sender: longestName, reference: "APT-2026-1234567", date, time: "09:30", link: tnLink };
        const sms = composeSms(kind, facts, "tn");
        expect(septetCount(sms), `${kind}: ${sms}`).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
        expect(sms.startsWith(`${longestName}: `)).toBe(true);
        expect(sms).toContain("APT-2026-1234567");
        expect(sms).toContain(day);
        expect(sms).toContain(tnLink);
        if (TIMED_KINDS.includes(kind)) expect(sms).toContain("09:30");
      }
    }
    // Typical settings: the fullest Setswana wording, and never an English word. No weekday: Setswana's are written in full, and would cost words (glossary rule `days`).
    const typical = {
      sender: "Example Imaging",
      reference: "APT-2026-000001",
      date: "2026-12-07",
      time: "10:15",
      link: `https://clinic.example.org/tn${MANAGE_PATH_PREFIX}${newToken()}`,
    };
    expect(composeSms("confirmed", typical, "tn")).toBe(
      `Example Imaging: APT-2026-000001 e tlhomamisitswe ka 7 Sed ka 10:15. ${typical.link}`,
    );
    // A request never reads as a booked time (decision 025).
    expect(composeSms("received", { ...typical, sender: "GI", link: "https://g.bw/tn/appointment/x" }, "tn")).toContain(
      "Ga e ise e beelwe nako",
    );
    for (const kind of TEXT_KINDS) {
      const sms = composeSms(kind, typical, "tn");
      expect(sms.replace(typical.link, ""), kind).not.toMatch(
        /\b(appointment|confirmed|request|cancelled|tomorrow|moved)\b/i,
      );
      expect(septetCount(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    }
  });

  it("an earlier time offered fits one segment with the offer's own link, in both languages, with the weekday in English (decision 070)", () => {
    for (const locale of ["en", "tn"] as const) {
      const link = `${longestOrigin}${localisedPath(EARLIER_PATH_PREFIX, locale)}${newToken()}`;
      const facts = { sender: longestName, reference: "APT-2026-1234567", date: "2026-09-30", time: "09:30", link };
      const sms = composeSms("earlier", facts, locale);
      expect(septetCount(sms), sms).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(sms).toContain(link);
      expect(sms).toContain("09:30");
      expect(sms).toContain(locale === "en" ? "Wed 30 Sep" : "30 Lwe");
    }
    const typical = {
      sender: "Example Imaging",
      reference: "APT-2026-000001",
      date: "2026-12-07",
      time: "10:15",
      link: `https://clinic.example.org${EARLIER_PATH_PREFIX}${"t".repeat(43)}`,
    };
    expect(composeSms("earlier", typical)).toBe(
      `Example Imaging: earlier time free for APT-2026-000001: Mon 7 Dec at 10:15. ${typical.link}`,
    );
  });

  it("takes the fullest wording that fits, and never names a service or health", () => {
    const short = {
      sender: "GI",
      reference: "APT-2026-000001",
      date: "2026-12-07",
      time: "10:15",
      link: "https://g.bw/appointment/x",
    };
    expect(composeSms("confirmed", short)).toBe(
      "GI: appointment APT-2026-000001 is confirmed for Mon 7 Dec at 10:15. See or change it: https://g.bw/appointment/x",
    );
    const typical = {
      ...short,
      sender: "Example Imaging",
      link: `https://clinic.example.org${MANAGE_PATH_PREFIX}${newToken()}`,
    };
    for (const kind of TEXT_KINDS) {
      const sms = composeSms(kind, typical);
      expect(sms.replace(typical.link, "")).not.toMatch(/x-ray|ultrasound|scan|mri|ct\b|pregnan|health|\bexam(?!ple)/i);
      expect(septetCount(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    }
    // The default configuration gets more than the bare facts.
    expect(composeSms("confirmed", typical)).toMatch(/confirmed for Mon 7 Dec at 10:15\. https/);
    // A request never reads as a booked time (decision 025).
    expect(composeSms("received", short)).toContain("Not booked yet");
  });

  it("a reminder names its date, in every wording and language, never 'tomorrow': one that retries carry past midnight still reads true", () => {
    for (const language of ["en", "tn"]) {
      const catalogue = JSON.parse(
        fs.readFileSync(path.join(import.meta.dirname, `../../messages/${language}/patient.json`), "utf8"),
      ) as Record<string, string>;
      const wordings = Object.entries(catalogue).filter(([key]) => key.startsWith("sms_reminder_"));
      expect(wordings.length, language).toBeGreaterThan(1);
      for (const [key, text] of wordings) {
        expect(text, `${language} ${key}`).toContain("{date}");
        expect(text, `${language} ${key}`).not.toMatch(/tomorrow|ka moso/i);
      }
    }
    expect(WHATSAPP_TEMPLATES.reminder.body).not.toMatch(/tomorrow/i);
  });

  it("writes the sender name in GSM-7, and throws rather than send two segments", () => {
    const facts = { sender: "Clínica “Sol”", reference: "APT-2026-000001", date: "2026-12-07", link: "https://g.bw/x" };
    expect(composeSms("cancelled", facts).startsWith(`Clinica "Sol": `)).toBe(true);
    expect(() => composeSms("confirmed", { ...facts, link: "https://g.bw/" + "x".repeat(200), time: "09:00" })).toThrow(
      SmsTooLongError,
    );
    expect(() => composeSms("confirmed", facts)).toThrow(/needs a time/);
  });

  it("fills each WhatsApp template's parameters in its order", () => {
    const facts = {
      sender: "GI",
      reference: "APT-2026-000001",
      date: "2026-12-07",
      time: "10:15",
      link: "https://g.bw/x",
    };
    expect(whatsappTemplate("confirmed", facts, "en")).toEqual({
      name: "appointment_confirmed",
      language: "en",
      params: ["GI", "APT-2026-000001", "Monday 7 December 2026", "10:15", "https://g.bw/x"],
    });
    for (const kind of TEXT_KINDS) {
      const { params } = whatsappTemplate(kind, facts, "en");
      const placeholders = WHATSAPP_TEMPLATES[kind].body.match(/\{\{\d+\}\}/g)!;
      expect(placeholders).toEqual(params.map((_, i) => `{{${i + 1}}}`));
    }
  });
});

describe("channel, stop word", () => {
  it("texts a mobile number by the patient's choice, SMS by default, never a landline or an e-mail-only patient", () => {
    expect(textChannelFor(null, true)).toBe("sms");
    expect(textChannelFor("whatsapp", true)).toBe("whatsapp");
    expect(textChannelFor("email", true)).toBeNull();
    expect(textChannelFor("sms", false)).toBeNull();
  });

  it("stops on STOP alone, trimmed, any case", () => {
    expect(isStopWord(" stop\n")).toBe(true);
    expect(isStopWord("Stop")).toBe(true);
    expect(isStopWord("please stop")).toBe(false);
    expect(isStopWord("cancel")).toBe(false);
  });
});

describe("quiet hours (Gaborone, UTC+2)", () => {
  const quiet = parseQuietHours("20:00-07:00");
  const at = (iso: string) => new Date(iso);

  it("parses the window, empty for none, and refuses anything else", () => {
    expect(quiet).toEqual({ from: "20:00", until: "07:00" });
    expect(parseQuietHours("")).toBeNull();
    expect(() => parseQuietHours("8pm-7am")).toThrow(/HH:MM-HH:MM/);
    expect(() => parseQuietHours("07:00-07:00")).toThrow(/different/);
    expect(() => loadConfig({ NODE_ENV: "test", MESSAGE_QUIET_HOURS: "25:00-07:00" })).toThrow(/MESSAGE_QUIET_HOURS/);
    expect(loadConfig({ NODE_ENV: "test", MESSAGE_QUIET_HOURS: "" }).texts.quietHours).toBeNull();
    expect(loadConfig({ NODE_ENV: "test" }).texts.quietHours).toEqual({ from: "20:00", until: "07:00" });
  });

  it("holds what falls due between 20:00 and 07:00 until 07:00", () => {
    // 19:59 in Gaborone is 17:59 UTC: not quiet.
    expect(quietUntil(at("2026-12-07T17:59:00Z"), quiet).toISOString()).toBe("2026-12-07T17:59:00.000Z");
    // 20:00 → the next morning's 07:00 (05:00 UTC).
    expect(quietUntil(at("2026-12-07T18:00:00Z"), quiet).toISOString()).toBe("2026-12-08T05:00:00.000Z");
    // 23:30 and 01:00 (the next calendar day in Gaborone) → that morning.
    expect(quietUntil(at("2026-12-07T21:30:00Z"), quiet).toISOString()).toBe("2026-12-08T05:00:00.000Z");
    expect(quietUntil(at("2026-12-07T23:00:00Z"), quiet).toISOString()).toBe("2026-12-08T05:00:00.000Z");
    // 06:59:59 waits a second; 07:00 goes.
    expect(quietUntil(at("2026-12-08T04:59:59Z"), quiet).toISOString()).toBe("2026-12-08T05:00:00.000Z");
    expect(isQuiet(at("2026-12-08T05:00:00Z"), quiet)).toBe(false);
    // A window inside one day, and none.
    const lunch = parseQuietHours("12:00-13:00");
    expect(quietUntil(at("2026-12-07T10:30:00Z"), lunch).toISOString()).toBe("2026-12-07T11:00:00.000Z");
    expect(quietUntil(at("2026-12-07T21:30:00Z"), null).toISOString()).toBe("2026-12-07T21:30:00.000Z");
  });
});

describe("SMPP settings", () => {
  const base = { NODE_ENV: "test" as const };

  it("needs a sender id, refuses plain smpp:// to another machine unless allowed, and options or paths in the URL", () => {
    expect(() => loadConfig({ ...base, SMPP_URL: "smpp://clinic:secret@127.0.0.1:2775" })).toThrow(
      /SMS_SENDER_ID: is required with SMPP_URL/,
    );
    const local = loadConfig({ ...base, SMPP_URL: "smpp://clinic:secret@127.0.0.1:2775", SMS_SENDER_ID: "GabImaging" });
    expect(local.texts.smpp).toMatchObject({ senderId: "GabImaging", window: 10, enquireLinkMs: 30_000 });
    expect(() =>
      loadConfig({ ...base, SMPP_URL: "smpp://clinic:secret@smpp.example.bw:2775", SMS_SENDER_ID: "GabImaging" }),
    ).toThrow(/SMPP_URL: is smpp:\/\/ \(no TLS\) to another machine/);
    expect(
      loadConfig({
        ...base,
        SMPP_URL: "smpp://clinic:secret@smpp.example.bw:2775",
        SMS_SENDER_ID: "GabImaging",
        SMPP_ALLOW_PLAINTEXT: "true",
      }).texts.smpp?.allowPlaintext,
    ).toBe(true);
    expect(
      loadConfig({ ...base, SMPP_URL: "smpps://clinic:secret@smpp.example.bw:3550", SMS_SENDER_ID: "GabImaging" }).texts
        .smpp?.url,
    ).toBe("smpps://clinic:secret@smpp.example.bw:3550");
    for (const url of [
      "smpps://smpp.example.bw:3550",
      "smpps://a:b@smpp.example.bw:3550/x",
      "smpps://a:b@h:1?tls=0",
      "http://a:b@h:1",
    ]) {
      expect(() => loadConfig({ ...base, SMPP_URL: url, SMS_SENDER_ID: "GabImaging" }), url).toThrow(/SMPP_URL/);
    }
    for (const id of ["Gaborone Imaging", "123456", "Gab-Imaging", "TwelveLetter"]) {
      expect(() => loadConfig({ ...base, SMS_SENDER_ID: id }), id).toThrow(/SMS_SENDER_ID/);
    }
  });

  it(".env.example lists every text-message setting, each value given there the server's default", () => {
    const example = fs.readFileSync(path.join(import.meta.dirname, "../../.env.example"), "utf8");
    const listed = new Map<string, string | null>(); // the value, or null when the line is commented out
    for (const line of example.split("\n")) {
      const m = /^(#\s*)?((?:SMPP|SMS|MESSAGE|WHATSAPP)_[A-Z_]+)=(\S*)/.exec(line);
      if (m) listed.set(m[2]!, m[1] ? null : m[3]!);
    }
    const settings = Object.keys(envSchema.shape).filter((k) => /^(SMPP|MESSAGE|WHATSAPP)_|^SMS_(?!PROVIDER)/.test(k));
    expect([...listed.keys()].filter((k) => k !== "SMS_PROVIDER_NAME").sort()).toEqual(settings.sort());
    // With an SMS centre and WhatsApp set up, so that their settings are read.
    const on = {
      ...base,
      SMPP_URL: "smpp://clinic:secret@127.0.0.1:2775",
      SMS_SENDER_ID: "GabImaging",
      WHATSAPP_ACCESS_TOKEN: "EAAtoken",
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_APP_SECRET: "test-app-secret-0123456789",
      WHATSAPP_VERIFY_TOKEN: "verify-token-0123456789",
    };
    const defaults = loadConfig(on).texts;
    for (const [name, value] of listed) {
      if (value === null || name === "SMS_PROVIDER_NAME") continue;
      expect(loadConfig({ ...on, [name]: value }).texts, name).toEqual(defaults);
    }
  });

  it("without SMPP_URL, SMS go to the outbox; without WhatsApp's four settings, no WhatsApp", () => {
    const config = loadConfig(base);
    expect(config.texts.smpp).toBeUndefined();
    expect(config.texts.whatsapp).toBeUndefined();
    expect(config.texts.smsSenderName).toBe("Example Imaging");
    expect(config.texts.smsLinkOrigin).toBe("http://localhost:3000");
  });
});
