import { clinicInstant, clinicDate, clinicTime, formatLongDate } from "./dates";
import { BASE_LOCALE, type Locale, type Message } from "./locale";
import { m } from "./paraglide/messages.js";
import { ARRIVE_EARLY_MINUTES } from "./visit-words";

/**
 * Each examination's preparation as rules with times (decision 069): how
 * many hours without food, how much water to drink and when, a full bladder,
 * no deodorant or powder, what to bring. They are the facts the service
 * pages and the preparation notes state in words: each note of the catalogue
 * (domain/catalogue.ts) carries the rules its own words give
 * (PREPARATION_RULES), and a unit test reads every figure back from the
 * words in both languages. From them come the notice a self-booked time
 * needs (preparationLead, read by domain/booking-rules.ts through the
 * catalogue) and the clock times the confirmation, the reminder and its text
 * give for one booked time (preparationAt): "Do not eat after 03:30".
 */

/** Hours without food before an abdominal scan (the ultrasound page's "about 6 hours"). */
export const FAST_HOURS = 6;
/** The water a full bladder takes, in litres. */
export const WATER_LITRES = 1;
/** The water is drunk from an hour before the start... */
export const WATER_FROM_MINUTES = 60;
/** ...and finished by half an hour before it, so the bladder is full when the scan starts. */
export const WATER_UNTIL_MINUTES = 30;
/** The last calcium supplement is taken at least this many hours before a bone density scan ("24 to 48 hours"). */
export const CALCIUM_STOP_HOURS = 24;

/** Which scan a note of a whole service is about ("Abdominal ultrasound: ..."); absent: the whole examination. */
export type ScanPart = "abdominal" | "pelvic";

/** What to bring beyond what every visit brings. */
export type BringItem = "referral" | "antenatal-card" | "reports" | "images";

/** One fact of a preparation. */
export type PreparationRule =
  | { kind: "fast"; hours: number; part?: ScanPart }
  | { kind: "drink"; litres: number; fromMinutes: number; untilMinutes: number; part?: ScanPart }
  | { kind: "full-bladder"; part?: ScanPart }
  | { kind: "no-deodorant" }
  | { kind: "stop-calcium"; hours: number }
  | { kind: "bring"; item: BringItem };

const fast = (part?: ScanPart): PreparationRule => ({ kind: "fast", hours: FAST_HOURS, ...(part ? { part } : {}) });
const fullBladder = (part?: ScanPart): PreparationRule[] => [
  {
    kind: "drink",
    litres: WATER_LITRES,
    fromMinutes: WATER_FROM_MINUTES,
    untilMinutes: WATER_UNTIL_MINUTES,
    ...(part ? { part } : {}),
  },
  { kind: "full-bladder", ...(part ? { part } : {}) },
];

/**
 * The rules each preparation note states, by the note (a compiled message of
 * messages/<locale>/services.json): the one place the figures are kept. A
 * note not listed states nothing with a time or a thing to bring.
 */
export const PREPARATION_RULES: ReadonlyMap<Message, readonly PreparationRule[]> = new Map<
  Message,
  readonly PreparationRule[]
>([
  [m.service_ultrasound_prep_abdominal, [fast("abdominal")]],
  [m.service_ultrasound_prep_pelvic, fullBladder("pelvic")],
  [m.services_prep_exam_fast, [fast()]],
  [m.services_prep_exam_full_bladder, fullBladder()],
  [m.service_bone_densitometry_dexa_scan_prep_calcium, [{ kind: "stop-calcium", hours: CALCIUM_STOP_HOURS }]],
  [m.services_prep_breast_deodorant, [{ kind: "no-deodorant" }]],
  [m.services_prep_breast_reports, [{ kind: "bring", item: "reports" }]],
  [m.service_x_ray_prep_referral, [{ kind: "bring", item: "referral" }]],
  [m.service_3d_pregnancy_scan_prep_card, [{ kind: "bring", item: "antenatal-card" }]],
  [m.service_remote_reporting_prep_images, [{ kind: "bring", item: "images" }]],
]);

/** The rules of a list of notes, in the notes' order. */
export function rulesOf(notes: readonly Message[]): PreparationRule[] {
  return notes.flatMap((note) => PREPARATION_RULES.get(note) ?? []);
}

/** How long before the start a rule asks the patient to begin, in minutes (0: nothing to do ahead). */
function leadOf(rule: PreparationRule): number {
  switch (rule.kind) {
    case "fast":
    case "stop-calcium":
      return rule.hours * 60;
    case "drink":
      return rule.fromMinutes;
    default:
      return 0;
  }
}

/** How long before the start the longest of these rules asks the patient to begin, in minutes. */
export function preparationLead(rules: readonly PreparationRule[]): number {
  return Math.max(0, ...rules.map(leadOf));
}

/** HH:mm of the instant `minutes` before a clinic date and time, and its date. */
function before(date: string, time: string, minutes: number): { date: string; time: string } {
  const at = new Date(clinicInstant(date, time).getTime() - minutes * 60_000);
  return { date: clinicDate(at), time: clinicTime(at) };
}

/** One line of a preparation at clock times, with the part of the service it is for. */
interface ClockLine {
  part?: ScanPart;
  text: string;
}

/**
 * A rule said at a clock time. What to bring has no time, and the note that says it is listed
 * beside the clock wherever the clock is (the booked answer, the private page, the e-mails, the
 * calendar file): said in both, an X-ray's "Bring your referral form." came twice.
 */
type TimedRule = Exclude<PreparationRule, { kind: "bring" }>;
const timed = (rule: PreparationRule): rule is TimedRule => rule.kind !== "bring";

function clockLine(rule: TimedRule, date: string, time: string, locale: Locale): ClockLine {
  const options = { locale };
  const at = (minutes: number) => before(date, time, minutes);
  const part = "part" in rule ? rule.part : undefined;
  const line = (text: string): ClockLine => (part ? { part, text } : { text });
  switch (rule.kind) {
    case "fast": {
      const stop = at(rule.hours * 60);
      return line(
        stop.date === date
          ? m.prep_at_fast({ time: stop.time }, options)
          : m.prep_at_fast_day({ time: stop.time, date: formatLongDate(stop.date, locale) }, options),
      );
    }
    case "drink":
      return line(
        m.prep_at_drink(
          { litres: String(rule.litres), from: at(rule.fromMinutes).time, until: at(rule.untilMinutes).time },
          options,
        ),
      );
    case "full-bladder":
      return line(m.prep_at_full_bladder({}, options));
    case "no-deodorant":
      return line(m.prep_at_no_deodorant({}, options));
    case "stop-calcium": {
      const stop = at(rule.hours * 60);
      return line(m.prep_at_calcium({ time: stop.time, date: formatLongDate(stop.date, locale) }, options));
    }
  }
}

/** "Abdominal scan: ..." for a line about one part of a service's scans. */
const PART_WORDS: Record<ScanPart, (inputs: { line: string }, options: { locale: Locale }) => string> = {
  abdominal: m.prep_at_part_abdominal,
  pelvic: m.prep_at_part_pelvic,
};

/** When to arrive: ARRIVE_EARLY_MINUTES before the start. */
export function arriveBy(date: string, time: string): string {
  return before(date, time, ARRIVE_EARLY_MINUTES).time;
}

/**
 * The preparation for one booked time, at clock times in Gaborone, in a
 * language: "Do not eat after 03:30.", "Drink 1 litre of water between 08:30
 * and 09:00.", then "Arrive by 09:15." (what to bring, with no time, is said
 * by the notes listed beside it). A rule about one part of a service's scans
 * says which.
 */
export function preparationAt(
  rules: readonly PreparationRule[],
  date: string,
  time: string,
  locale: Locale = BASE_LOCALE,
): string[] {
  const lines = rules.filter(timed).map((rule) => clockLine(rule, date, time, locale));
  return [
    ...lines.map(({ part, text }) =>
      part ? PART_WORDS[part]({ line: text.charAt(0).toLowerCase() + text.slice(1) }, { locale }) : text,
    ),
    m.prep_at_arrive({ time: arriveBy(date, time) }, { locale }),
  ];
}

/**
 * The same in the fewest words, for a text message, most important first: the
 * times only, never the examination (["No food after 03:30.", "Water
 * 08:30-09:00.", "Arrive by 09:15."]); the text gives as many as fit.
 * Only the rules for the whole examination: a note about one part of a
 * service's scans ("Abdominal ultrasound: ...") would name it, so the text
 * leaves it to the e-mail and the private page.
 */
export function preparationAtShort(
  rules: readonly PreparationRule[],
  date: string,
  time: string,
  locale: Locale = BASE_LOCALE,
): string[] {
  const options = { locale };
  const parts: string[] = [];
  for (const rule of rules) {
    if ("part" in rule && rule.part) continue;
    if (rule.kind === "fast") {
      const stop = before(date, time, rule.hours * 60);
      // A fast that starts the day before is too long to say here: the e-mail gives its day.
      if (stop.date === date) parts.push(m.sms_prep_fast({ time: stop.time }, options));
    } else if (rule.kind === "drink") {
      parts.push(
        m.sms_prep_drink(
          { from: before(date, time, rule.fromMinutes).time, until: before(date, time, rule.untilMinutes).time },
          options,
        ),
      );
    }
  }
  parts.push(m.sms_prep_arrive({ time: arriveBy(date, time) }, options));
  return parts;
}
