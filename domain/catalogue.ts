import { BASE_LOCALE, LOCALES, localised, type Locale, type Localised, type Message } from "./locale";
import { m } from "./paraglide/messages.js";
import { preparationLead, rulesOf, type PreparationRule } from "./preparation";
import { visitWords } from "./visit-words";

/**
 * The service catalogue: the one source of truth for every page, menu, card,
 * sidebar, e-mail and lookup that names a service.
 *
 * A service is its entry in SERVICES (names, summary, icon, image, category,
 * preparation notes and expected length), its page's text in
 * domain/services/<slug>.ts and domain/services/tn/<slug>.ts (listed in
 * domain/services/pages.ts, whose type asks for one per entry and language)
 * and its image in public/. Its words (names, summary, preparation notes) are
 * messages in messages/<locale>/services.json: ask for them in a language with
 * serviceTitle, serviceShortTitle, serviceSummary and serviceGuidance; the
 * English ones are also the entry's own title, shortTitle and summary. Its page at
 * /services/<slug> is then routed, prerendered and in the sitemap; the lists
 * below place it in the menus, the /services cards and the booking form.
 */

/** Icon names map to lucide-react icons in app/components/service-icon.tsx. */
export type ServiceIconName =
  | "bone"
  | "waves"
  | "monitor-play"
  | "scan-line"
  | "heart-pulse"
  | "baby"
  | "syringe"
  | "pill"
  | "globe"
  | "ribbon"
  | "cpu";

export type CategoryId = "diagnostic-imaging" | "womens-imaging" | "imaging-guided-procedures" | "telemedicine";

// --- Preparation notes and durations --------------------------------------

/**
 * What the confirmation e-mail, its calendar file and the staff appointment
 * page tell about a service: its preparation notes and the expected length
 * of the appointment. Generic advice only: the clinic should review the
 * wording before going live.
 */
export interface ServicePreparation {
  notes: readonly string[];
  /** The same notes' facts with times: preparationAt (domain/preparation.ts) gives them at a booked time's clock. */
  rules: readonly PreparationRule[];
  /** Expected length of the appointment, in minutes. */
  durationMinutes: number;
}

/** A service's preparation as the catalogue holds it: each note in every language, and the rules its notes state. */
interface Preparation {
  notes: readonly Localised[];
  /** The facts with times the notes state (domain/preparation.ts PREPARATION_RULES). */
  rules: readonly PreparationRule[];
  durationMinutes: number;
  /** How long before the appointment the longest of its rules asks the patient to start (preparationLead). */
  leadMinutes: number;
}

const prepare = (durationMinutes: number, ...notes: Message[]): Preparation => {
  const rules = rulesOf(notes);
  return { notes: notes.map(localised), rules, durationMinutes, leadMinutes: preparationLead(rules) };
};

/** Notes every confirmation ends with, whatever the service. */
const everyVisitNotes = (locale: Locale): string[] => {
  const words = visitWords(locale);
  return [words.pleaseArriveEarly, words.bringToEveryVisit];
};
export const EVERY_VISIT_NOTES: readonly string[] = everyVisitNotes(BASE_LOCALE);

/** For a service with no notes of its own (and a stored name the catalogue does not know). */
const NO_SPECIAL_PREPARATION: Preparation = prepare(30);

/** Breast ultrasound and mammography (and a breast examination chosen within ultrasound). */
const BREAST_IMAGING_NOTES = [
  m.services_prep_breast_outfit,
  m.services_prep_breast_deodorant,
  m.services_prep_breast_reports,
] as const;
const BREAST_IMAGING_PREPARATION = prepare(40, ...BREAST_IMAGING_NOTES);

/** Procedures through a needle: biopsies and pain injections. */
const NEEDLE_PROCEDURE_PREPARATION = prepare(60, m.services_prep_needle_blood_thinners, m.services_prep_needle_home);

// --- Services ---------------------------------------------------------------

export interface Service {
  /** URL segment of the service's page: /services/<slug>. */
  slug: string;
  /** Name shown to visitors, in English (serviceTitle gives it in a language). */
  title: string;
  /** Shorter name for menus and sidebars, in English (serviceShortTitle). */
  shortTitle: string;
  /** One or two sentences for cards and meta descriptions, in English (serviceSummary). */
  summary: string;
  /** The same three in every language. */
  names: { title: Localised; shortTitle: Localised; summary: Localised };
  icon: ServiceIconName;
  /** Illustration, served from public/. */
  image: string;
  category: CategoryId | null;
  /** What a patient is told to do before the appointment, and how long it takes (serviceGuidance). */
  preparation: Preparation;
}

/** A service's name, short name (the name, unless given) and summary: in every language, and in English. */
function named(title: Message, summary: Message, shortTitle: Message = title) {
  const names = { title: localised(title), shortTitle: localised(shortTitle), summary: localised(summary) };
  return {
    title: names.title(BASE_LOCALE),
    shortTitle: names.shortTitle(BASE_LOCALE),
    summary: names.summary(BASE_LOCALE),
    names,
  };
}

export const SERVICES = {
  ultrasound: {
    slug: "ultrasound",
    ...named(m.service_ultrasound_title, m.service_ultrasound_summary, m.service_ultrasound_short_title),
    icon: "waves",
    image: "/images/services/ultrasound.svg",
    category: "diagnostic-imaging",
    preparation: prepare(45, m.service_ultrasound_prep_abdominal, m.service_ultrasound_prep_pelvic),
  },
  xRay: {
    slug: "x-ray",
    ...named(m.service_x_ray_title, m.service_x_ray_summary, m.service_x_ray_short_title),
    icon: "scan-line",
    image: "/images/services/x-ray.svg",
    category: "diagnostic-imaging",
    preparation: prepare(30, m.service_x_ray_prep_referral, m.service_x_ray_prep_metal),
  },
  fluoroscopy: {
    slug: "fluoroscopy",
    ...named(m.service_fluoroscopy_title, m.service_fluoroscopy_summary, m.service_fluoroscopy_short_title),
    icon: "monitor-play",
    image: "/images/services/fluoroscopy.svg",
    category: "diagnostic-imaging",
    preparation: prepare(60, m.service_fluoroscopy_prep_instructions, m.service_fluoroscopy_prep_tell),
  },
  boneDensitometry: {
    slug: "bone-densitometry-dexa-scan",
    ...named(m.service_bone_densitometry_dexa_scan_title, m.service_bone_densitometry_dexa_scan_summary),
    icon: "bone",
    image: "/images/services/bone-densitometry.svg",
    category: "diagnostic-imaging",
    preparation: prepare(
      30,
      m.service_bone_densitometry_dexa_scan_prep_calcium,
      m.service_bone_densitometry_dexa_scan_prep_clothes,
    ),
  },
  breastUltrasound: {
    slug: "breast-ultrasound",
    ...named(m.service_breast_ultrasound_title, m.service_breast_ultrasound_summary),
    icon: "heart-pulse",
    image: "/images/services/breast-ultrasound.svg",
    category: "womens-imaging",
    preparation: BREAST_IMAGING_PREPARATION,
  },
  pregnancy3d: {
    slug: "3d-pregnancy-scan",
    ...named(m.service_3d_pregnancy_scan_title, m.service_3d_pregnancy_scan_summary),
    icon: "baby",
    image: "/images/services/3d-pregnancy-scan.svg",
    category: "womens-imaging",
    preparation: prepare(45, m.service_3d_pregnancy_scan_prep_card, m.service_3d_pregnancy_scan_prep_eat),
  },
  minimallyInvasive: {
    slug: "minimally-invasive-procedure",
    ...named(m.service_minimally_invasive_procedure_title, m.service_minimally_invasive_procedure_summary),
    icon: "syringe",
    image: "/images/services/minimally-invasive-procedure.svg",
    category: "imaging-guided-procedures",
    preparation: NEEDLE_PROCEDURE_PREPARATION,
  },
  painManagement: {
    slug: "pain-management",
    ...named(m.service_pain_management_title, m.service_pain_management_summary),
    icon: "pill",
    image: "/images/services/pain-management.svg",
    category: "imaging-guided-procedures",
    preparation: NEEDLE_PROCEDURE_PREPARATION,
  },
  remoteReporting: {
    slug: "remote-reporting",
    ...named(m.service_remote_reporting_title, m.service_remote_reporting_summary),
    icon: "globe",
    image: "/images/services/remote-reporting.svg",
    category: "telemedicine",
    preparation: prepare(30, m.service_remote_reporting_prep_images),
  },
  mammography: {
    slug: "mammography",
    ...named(m.service_mammography_title, m.service_mammography_summary),
    icon: "ribbon",
    image: "/images/services/mammography.svg",
    category: "womens-imaging",
    preparation: BREAST_IMAGING_PREPARATION,
  },
  advancedTechnology: {
    slug: "advanced-technology",
    ...named(m.service_advanced_technology_title, m.service_advanced_technology_summary),
    icon: "cpu",
    image: "/images/services/advanced-technology.svg",
    category: null,
    preparation: NO_SPECIAL_PREPARATION,
  },
} as const satisfies Record<string, Service>;

export type ServiceKey = keyof typeof SERVICES;

/** Every catalogue slug, as a type: the key of a map that must name each service. */
export type ServiceSlug = (typeof SERVICES)[ServiceKey]["slug"];

export function servicePath(service: Pick<Service, "slug">): string {
  return `/services/${service.slug}`;
}

/** Every service page, in route order. */
export const SERVICE_PAGES: readonly Service[] = Object.values(SERVICES);

/** How long before its appointment a service's preparation starts, in minutes (0: nothing to do ahead). */
export function preparationLeadMinutes(service: Pick<Service, "preparation">): number {
  return service.preparation.leadMinutes;
}

/** The service with this slug. */
export function findServiceBySlug(slug: string): Service | undefined {
  return SERVICE_PAGES.find((s) => s.slug === slug);
}

/**
 * The service an appointment names. Appointments store the slug; a title
 * (any case, in any language) is accepted too, for e-mails built from a form's
 * value and for rows written before migration 0012 that it could not convert.
 */
export function findStoredService(stored: string): Service | undefined {
  const wanted = stored.trim().toLowerCase();
  return (
    findServiceBySlug(stored) ??
    SERVICE_PAGES.find((s) => LOCALES.some((locale) => s.names.title(locale).toLowerCase() === wanted))
  );
}

/**
 * A service's name in a language (English unless given): the one way every page, form, e-mail,
 * text message and the private page name a service. Takes the service, or a stored value (its
 * slug or a title); a value the catalogue does not know is shown as stored.
 */
export function serviceTitle(stored: string | Service, locale: Locale = BASE_LOCALE): string {
  const service = typeof stored === "string" ? findStoredService(stored) : stored;
  return service?.names.title(locale) ?? (stored as string);
}

/** A service's shorter name for menus and sidebars, in a language. */
export function serviceShortTitle(service: Service, locale: Locale = BASE_LOCALE): string {
  return service.names.shortTitle(locale);
}

/** A service's one or two sentences for cards, banners and meta descriptions, in a language. */
export function serviceSummary(service: Service, locale: Locale = BASE_LOCALE): string {
  return service.names.summary(locale);
}

/**
 * The preparation notes (the service's own, then those for every visit) and expected length for a
 * stored service, in a language (English unless given).
 */
export function serviceGuidance(stored: string, locale: Locale = BASE_LOCALE): ServicePreparation {
  const own = findStoredService(stored)?.preparation ?? NO_SPECIAL_PREPARATION;
  return {
    notes: [...own.notes.map((note) => note(locale)), ...everyVisitNotes(locale)],
    rules: own.rules,
    durationMinutes: own.durationMinutes,
  };
}

// --- Service categories and cards (column sizes 3, 4 or 6) -----------------

export type ColSize = "3" | "4" | "6";

export interface ServiceCard {
  id: number;
  name: string;
  desp: string;
  icon: ServiceIconName;
  image: string;
  link: string;
  colsize: ColSize;
}

export interface ServiceCategory {
  id: number;
  categoryId: CategoryId;
  category: string;
  subheading: string;
  services: ServiceCard[];
}

/** Each category's name, and the words after it on /services, in every language. */
const CATEGORY_NAMES: Readonly<Record<CategoryId, { name: Message; subheading?: Message }>> = {
  "diagnostic-imaging": { name: m.services_category_diagnostic_imaging },
  "womens-imaging": { name: m.services_category_womens_imaging },
  "imaging-guided-procedures": {
    name: m.services_category_imaging_guided_procedures,
    subheading: m.services_category_imaging_guided_procedures_subheading,
  },
  telemedicine: { name: m.services_category_telemedicine },
};

/** A category's name in a language. */
export function categoryName(id: CategoryId, locale: Locale = BASE_LOCALE): string {
  return CATEGORY_NAMES[id].name({}, { locale });
}

const CATEGORY_LAYOUT: { id: CategoryId; cards: [ServiceKey, ColSize][] }[] = [
  {
    id: "diagnostic-imaging",
    cards: [
      ["boneDensitometry", "3"],
      ["ultrasound", "3"],
      ["fluoroscopy", "3"],
      ["xRay", "3"],
    ],
  },
  {
    id: "womens-imaging",
    cards: [
      ["breastUltrasound", "4"],
      ["mammography", "4"],
      ["pregnancy3d", "4"],
    ],
  },
  {
    id: "imaging-guided-procedures",
    cards: [
      ["painManagement", "6"],
      ["minimallyInvasive", "6"],
    ],
  },
  {
    id: "telemedicine",
    cards: [["remoteReporting", "4"]],
  },
];

/** The /services page's (and the home page's) categories of cards, in a language. */
export function serviceCategories(locale: Locale = BASE_LOCALE): ServiceCategory[] {
  let cardId = 0;
  return CATEGORY_LAYOUT.map((layout, index) => ({
    id: index + 1,
    categoryId: layout.id,
    category: categoryName(layout.id, locale),
    subheading: CATEGORY_NAMES[layout.id].subheading?.({}, { locale }) ?? "",
    services: layout.cards.map(([key, colsize]) => {
      const s: Service = SERVICES[key];
      cardId += 1;
      return {
        id: cardId,
        name: serviceTitle(s, locale),
        desp: serviceSummary(s, locale),
        icon: s.icon,
        image: s.image,
        link: servicePath(s),
        colsize,
      };
    }),
  }));
}

/** The categories of cards in English. */
export const SERVICE_CATEGORIES: ServiceCategory[] = serviceCategories(BASE_LOCALE);

// --- Sidebar on service pages: the bookable services by category ------------
// The same lists make the Services mega-menu's columns (app/components/layout/nav-data.ts).

export interface SidebarCategory {
  id: CategoryId;
  name: string;
  subcategories: { name: string; link: string }[];
}

const SIDEBAR_LAYOUT = [
  { id: "diagnostic-imaging", services: ["ultrasound", "xRay", "fluoroscopy", "boneDensitometry"] },
  { id: "womens-imaging", services: ["breastUltrasound", "mammography", "pregnancy3d"] },
  { id: "imaging-guided-procedures", services: ["minimallyInvasive", "painManagement"] },
  { id: "telemedicine", services: ["remoteReporting"] },
] as const satisfies readonly { id: CategoryId; services: readonly ServiceKey[] }[];

/** The bookable services by category, in the sidebar's order: the sidebar's and the mega-menu's groups. */
export const SERVICE_GROUPS: readonly { id: CategoryId; services: readonly Service[] }[] = SIDEBAR_LAYOUT.map((c) => ({
  id: c.id,
  services: c.services.map((key) => SERVICES[key]),
}));

/** The service pages' sidebar, in a language: each category's name and its services' short names. */
export function sidebarCategories(locale: Locale = BASE_LOCALE): SidebarCategory[] {
  return SERVICE_GROUPS.map((c) => ({
    id: c.id,
    name: categoryName(c.id, locale),
    subcategories: c.services.map((s) => ({ name: serviceShortTitle(s, locale), link: servicePath(s) })),
  }));
}

/** The sidebar in English. */
export const SIDEBAR_CATEGORIES: SidebarCategory[] = sidebarCategories(BASE_LOCALE);

// --- Service records for /details?name= (exact names, as old links use them) -

export interface ServiceRecord {
  id: string;
  /** Lookup key used in /details?name=…; the original site's spellings, kept so old links work (including "Fluroscopy"). */
  name: string;
  displayname: string;
  image: string;
  category_name: string;
  /** The service's own page, for the canonical link. */
  page: string;
}

const RECORDS: [id: string, name: string, key: ServiceKey, categoryName: string][] = [
  ["1", "Ultrasound", "ultrasound", "Diagnostic Imaging"],
  ["2", "Fluroscopy", "fluoroscopy", "Diagnostic Imaging"],
  ["3", "bone-densitometry", "boneDensitometry", "Diagnostic Imaging"],
  ["4", "x-ray", "xRay", "Diagnostic Imaging"],
  ["5", "minimally-invasive-procedures", "minimallyInvasive", "Interventional Radiology"],
  ["6", "pain-management", "painManagement", "Interventional Radiology"],
  ["7", "breast-ultrasound", "breastUltrasound", "Womens Imaging"],
  ["8", "remote-reporting", "remoteReporting", "Telemedicine and Teleradiology"],
  ["9", "3D-Pregnancy", "pregnancy3d", "Womens Imaging"],
];

export const SERVICE_RECORDS: ServiceRecord[] = RECORDS.map(([id, name, key, category_name]) => ({
  id,
  name,
  displayname: SERVICES[key].title,
  image: SERVICES[key].image,
  category_name,
  page: servicePath(SERVICES[key]),
}));

/** Looks a /details name up in the record list (exact match, as the original site did). */
export function findServiceRecord(name: string | null | undefined): ServiceRecord | undefined {
  return name ? SERVICE_RECORDS.find((r) => r.name === name) : undefined;
}

/** The /details page's own sidebar categories (a different list from the service pages' sidebar). */
export const DETAILS_SIDEBAR_CATEGORIES = [
  "Diagnostic Imaging",
  "Interventional Radiology",
  "Womens Imaging",
  "Telemedicine and Teleradiology",
] as const;

const DETAILS_CATEGORY_NAMES: Readonly<Record<(typeof DETAILS_SIDEBAR_CATEGORIES)[number], Message>> = {
  "Diagnostic Imaging": m.services_category_diagnostic_imaging,
  "Interventional Radiology": m.services_category_interventional_radiology,
  "Womens Imaging": m.services_category_womens_imaging,
  "Telemedicine and Teleradiology": m.services_category_telemedicine,
};

/** A /details record's category (as the record spells it: "Womens Imaging") as shown, in a language. */
export function detailsCategoryName(name: string, locale: Locale = BASE_LOCALE): string {
  const message = DETAILS_CATEGORY_NAMES[name as keyof typeof DETAILS_CATEGORY_NAMES];
  return message ? message({}, { locale }) : name;
}

// --- Ultrasound estimated durations, in minutes (estimates only) ------------

export interface UltrasoundTiming {
  /** The examination as stored (appointments.examination) and matched: in English, never translated. */
  name: string;
  /** The examination's name as shown, in every language (examinationName). */
  label: Localised;
  /** Minutes, as text. */
  duration: string;
  /**
   * How to prepare for this examination (its options share it), each note in every language: the
   * ultrasound page's "How to prepare" (domain/services/ultrasound.ts), split by examination.
   */
  preparation: readonly Localised[];
  /** The facts with times those notes state (domain/preparation.ts). */
  rules: readonly PreparationRule[];
  options?: { type: "Single" | "Double"; label: Localised; duration: string }[];
}

/*
 * The preparation each examination needs, as the ultrasound page states it: no food for about
 * 6 hours for the abdomen, liver and gallbladder; a full bladder for the pelvis and the kidneys;
 * both for the abdomen and pelvis together; nothing special for most other scans (thyroid, breast,
 * scrotum, hernia, soft tissue, salivary glands). A breast scan keeps the breast imaging notes
 * (what to wear, no deodorant, earlier reports). The page says nothing of the aorta, so its
 * patients are asked to call rather than told something the clinic has not said.
 */
const FAST = [m.services_prep_exam_fast] as const;
const FULL_BLADDER = [m.services_prep_exam_full_bladder] as const;
const NOTHING_SPECIAL = [m.services_prep_exam_none] as const;
const ASK_THE_CLINIC = [m.services_prep_exam_ask] as const;

const timing = (name: string, label: Message, duration: string, preparation: readonly Message[]): UltrasoundTiming => ({
  name,
  label: localised(label),
  duration,
  preparation: preparation.map(localised),
  rules: rulesOf(preparation),
});

export const ULTRASOUND_TIMINGS: UltrasoundTiming[] = [
  timing("Abdomen (Upper)", m.services_exam_abdomen_upper, "30", FAST),
  timing("Abdomen (Full)", m.services_exam_abdomen_full, "40", FAST),
  timing("Abdomen & Pelvis", m.services_exam_abdomen_pelvis, "45", [...FAST, ...FULL_BLADDER]),
  timing("Pelvis (Male)", m.services_exam_pelvis_male, "30", FULL_BLADDER),
  timing("Pelvis (Female)", m.services_exam_pelvis_female, "40", FULL_BLADDER),
  timing("Liver", m.services_exam_liver, "30", FAST),
  timing("Gallbladder", m.services_exam_gallbladder, "20", FAST),
  timing("Aorta Surveillance", m.services_exam_aorta, "20", ASK_THE_CLINIC),
  timing("Renal", m.services_exam_renal, "20", FULL_BLADDER),
  timing("Hernia", m.services_exam_hernia, "30", NOTHING_SPECIAL),
  timing("Thyroid", m.services_exam_thyroid, "30", NOTHING_SPECIAL),
  timing("Scrotum", m.services_exam_scrotum, "30", NOTHING_SPECIAL),
  {
    ...timing("Breast", m.services_exam_breast, "30", BREAST_IMAGING_NOTES),
    options: [
      { type: "Single", label: localised(m.services_exam_breast_single), duration: "30" },
      { type: "Double", label: localised(m.services_exam_breast_double), duration: "40" },
    ],
  },
  timing("Soft Tissue", m.services_exam_soft_tissue, "30", NOTHING_SPECIAL),
  timing("Salivary Glands", m.services_exam_salivary_glands, "30", NOTHING_SPECIAL),
];

/** An examination's stored name: the row's, or the row's with its option ("Breast (Double)"). */
const examinationKey = (t: UltrasoundTiming, option?: { type: string }) =>
  option ? `${t.name} (${option.type})` : t.name;

/**
 * A stored examination's name in a language ("Breast (Double)" → "Mabele a mabedi"): the one way a
 * page, e-mail or text message names it. A value the catalogue does not know is shown as stored.
 */
export function examinationName(stored: string, locale: Locale = BASE_LOCALE): string {
  for (const t of ULTRASOUND_TIMINGS) {
    if (examinationKey(t) === stored) return t.label(locale);
    const option = t.options?.find((o) => examinationKey(t, o) === stored);
    if (option) return option.label(locale);
  }
  return stored;
}

/**
 * The bookable services are the sidebar's: every service a patient can request
 * is listed where its category is (the sidebar, the mega-menu, the cards and the
 * home page's categories), so none can be booked that no list reaches.
 */
type BookableKey = (typeof SIDEBAR_LAYOUT)[number]["services"][number];

/**
 * The slug of a service a patient can request, as a type: the sidebar's
 * services. The rooms map (domain/rooms.ts SERVICE_ROOMS) is keyed by it, so
 * making a service bookable does not compile until its rooms are decided.
 */
export type BookableSlug = (typeof SERVICES)[BookableKey]["slug"];

/** Services a patient can request in the appointment form, in the sidebar's order. */
export const BOOKABLE_SERVICES: readonly Service[] = SIDEBAR_LAYOUT.flatMap((c) => c.services.map((k) => SERVICES[k]));

/** Whether a slug is one a patient can request. */
export function isBookableSlug(slug: string): slug is BookableSlug {
  return BOOKABLE_SERVICES.some((s) => s.slug === slug);
}

// --- How long a confirmed appointment holds its room (decision 018) ---------

/**
 * Whether staff set a bookable service's length by choosing the examination
 * from ULTRASOUND_TIMINGS when confirming (true), or it holds its catalogue
 * default (false). Keyed by BookableSlug, so making a service bookable does
 * not compile until this is decided.
 */
export type ExaminationChoice = Readonly<Record<BookableSlug, boolean>>;
export const CHOOSES_EXAMINATION: ExaminationChoice = {
  ultrasound: true,
  "breast-ultrasound": true,
  "x-ray": false,
  fluoroscopy: false,
  "bone-densitometry-dexa-scan": false,
  "3d-pregnancy-scan": false,
  "minimally-invasive-procedure": false,
  "pain-management": false,
  "remote-reporting": false,
  mammography: false,
};

/**
 * The examinations staff may choose for a service, each with its minutes:
 * one per ULTRASOUND_TIMINGS row, or one per option ("Breast (Double)").
 * Empty for a service whose length is its catalogue default.
 */
export function examinationsFor(stored: string): { name: string; minutes: number }[] {
  const slug = findStoredService(stored)?.slug;
  if (!slug || !isBookableSlug(slug) || !CHOOSES_EXAMINATION[slug]) return [];
  return ULTRASOUND_TIMINGS.flatMap((t) =>
    t.options
      ? t.options.map((o) => ({ name: examinationKey(t, o), minutes: Number(o.duration) }))
      : [{ name: examinationKey(t), minutes: Number(t.duration) }],
  );
}

/**
 * How many minutes an appointment for a stored service holds its room: the
 * chosen examination's time when the service has examinations and one is
 * given, otherwise the service's catalogue default (preparation.durationMinutes).
 */
export function appointmentMinutes(stored: string, examination?: string | null): number {
  const chosen = examination ? examinationsFor(stored).find((e) => e.name === examination) : undefined;
  return chosen?.minutes ?? serviceGuidance(stored).durationMinutes;
}

/** The ULTRASOUND_TIMINGS row a stored examination names ("Breast (Double)" → the Breast row), if any. */
function examinationRow(stored: string): UltrasoundTiming | undefined {
  return ULTRASOUND_TIMINGS.find(
    (t) => examinationKey(t) === stored || t.options?.some((o) => examinationKey(t, o) === stored),
  );
}

/** What an appointment's patient is told to prepare, and the examination it is for (its name in the language), if chosen. */
export interface AppointmentGuidance extends ServicePreparation {
  examination?: string;
}

/**
 * The preparation notes and length of an appointment, in a language (English unless given): when
 * staff chose an examination its service offers (examinationsFor), that examination's own
 * preparation and its name; otherwise the service's (serviceGuidance). Then the notes for every
 * visit. The one source of what the confirmation and reminder e-mails, the calendar file, the
 * private page and the staff page say about preparing.
 */
export function appointmentGuidance(
  stored: string,
  examination?: string | null,
  locale: Locale = BASE_LOCALE,
): AppointmentGuidance {
  const offered = examination && examinationsFor(stored).some((e) => e.name === examination);
  const row = offered ? examinationRow(examination) : undefined;
  if (!row || !examination) return serviceGuidance(stored, locale);
  return {
    examination: examinationName(examination, locale),
    notes: [...row.preparation.map((note) => note(locale)), ...everyVisitNotes(locale)],
    rules: row.rules,
    durationMinutes: appointmentMinutes(stored, examination),
  };
}
