/**
 * GSM-7 (3GPP TS 23.038), the alphabet an SMS is written in: which characters it has, the
 * look-alikes a text is spelt with instead, how many septets a text takes, and the septets
 * themselves as an SMS centre reads them. No I/O. The words of each SMS are in text-messages.ts.
 */

/** The basic character set, in septet order (0x1B, the escape to the extension table, is left out). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: each character is sent as ESC (0x1B) and this septet, so counts two. */
const GSM_EXTENSION: Record<string, number> = {
  "\f": 0x0a,
  "^": 0x14,
  "{": 0x28,
  "}": 0x29,
  "\\": 0x2f,
  "[": 0x3c,
  "~": 0x3d,
  "]": 0x3e,
  "|": 0x40,
  "€": 0x65,
};
const GSM_ESCAPE = 0x1b;
const BASIC_SEPTET = new Map([...GSM_BASIC].map((c, i) => [c, i] as const).filter(([c]) => c !== "\u001b"));

/** Septets in one SMS segment; a longer text would be split, and phones here do not join the parts. */
export const SMS_MAX_SEPTETS = 160;

/** A text of GSM-7 characters only (most are): toGsm7 gives it back as it is. */
const ALL_GSM7 = new RegExp(
  `^[${[...GSM_BASIC.replace("\u001b", ""), ...Object.keys(GSM_EXTENSION)].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join("")}]*$`,
  "u",
);

export function isGsm7Char(c: string): boolean {
  return BASIC_SEPTET.has(c) || c in GSM_EXTENSION;
}

/** Characters outside GSM-7 that have an obvious GSM-7 spelling. */
const LOOKALIKES: Record<string, string> = {
  "‘": "'",
  "’": "'",
  "‚": "'",
  "′": "'",
  "`": "'",
  "´": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "«": '"',
  "»": '"',
  "″": '"',
  "–": "-",
  "—": "-",
  "‐": "-",
  "‑": "-",
  "−": "-",
  "…": "...",
  "\u00a0": " ",
  "\u2007": " ",
  "\u202f": " ",
  "\t": " ",
  "•": "-",
  "·": ".",
  "×": "x",
  ç: "Ç",
  ı: "i",
};

/**
 * The text in GSM-7 characters only, so an SMS is never sent in UCS-2 (70
 * characters a segment) by accident: a GSM-7 character stays; a lookalike
 * (curly quotes, dashes, ellipsis, non-breaking spaces) becomes its plain
 * form; an accented letter outside GSM-7 loses its accent (ê → e); anything
 * else becomes "?".
 */
export function toGsm7(text: string): string {
  if (ALL_GSM7.test(text)) return text;
  let out = "";
  for (const c of text) {
    if (isGsm7Char(c)) out += c;
    else if (c in LOOKALIKES) out += LOOKALIKES[c];
    else {
      const bare = c.normalize("NFD").replace(/\p{M}/gu, "");
      out += bare && [...bare].every(isGsm7Char) ? bare : "?";
    }
  }
  return out;
}

/** GSM-7's extension characters, each two septets. */
const EXTENSION_CHARS = new RegExp(
  `[${Object.keys(GSM_EXTENSION)
    .map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .join("")}]`,
  "gu",
);

/** Septets of a text of GSM-7 characters only (toGsm7's): every one is one UTF-16 unit, an extension character two septets. */
export const gsm7Septets = (text: string) => text.length + (text.match(EXTENSION_CHARS)?.length ?? 0);

/** Septets a GSM-7 text takes (extension characters two); throws on a character outside GSM-7. */
export function septetCount(text: string): number {
  if (ALL_GSM7.test(text)) return gsm7Septets(text);
  let n = 0;
  for (const c of text) {
    if (BASIC_SEPTET.has(c)) n += 1;
    else if (c in GSM_EXTENSION) n += 2;
    else throw new Error(`not a GSM-7 character: U+${c.codePointAt(0)!.toString(16).padStart(4, "0")}`);
  }
  return n;
}

/** The text as unpacked septets, one a byte (SMPP data_coding 0); throws on a character outside GSM-7. */
export function encodeGsm7(text: string): Uint8Array {
  const out: number[] = [];
  for (const c of text) {
    const basic = BASIC_SEPTET.get(c);
    if (basic !== undefined) out.push(basic);
    else if (c in GSM_EXTENSION) out.push(GSM_ESCAPE, GSM_EXTENSION[c]!);
    else throw new Error(`not a GSM-7 character: U+${c.codePointAt(0)!.toString(16).padStart(4, "0")}`);
  }
  return Uint8Array.from(out);
}

/** Unpacked septets back to text (what an SMS centre reads). */
export function decodeGsm7(septets: Uint8Array): string {
  const extension = new Map(Object.entries(GSM_EXTENSION).map(([c, v]) => [v, c] as const));
  let out = "";
  for (let i = 0; i < septets.length; i++) {
    const s = septets[i]!;
    if (s === GSM_ESCAPE) out += extension.get(septets[++i] ?? -1) ?? " ";
    else out += GSM_BASIC[s] ?? "?";
  }
  return out;
}
