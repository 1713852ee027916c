import { BRING_TO_EVERY_VISIT, PLEASE_ARRIVE_EARLY } from "./visit-words";

/**
 * The service catalogue: the one source of truth for every page, menu, card,
 * sidebar, e-mail and lookup that names a service.
 *
 * A service is its entry in SERVICES (names, summary, icon, image, category,
 * preparation notes and expected length), its page's text in
 * domain/services/<slug>.ts (listed in domain/services/pages.ts, whose type
 * asks for one per entry) and its image in public/. Its page at
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
  /** Expected length of the appointment, in minutes. */
  durationMinutes: number;
}

/** Notes every confirmation ends with, whatever the service. */
export const EVERY_VISIT_NOTES: readonly string[] = [PLEASE_ARRIVE_EARLY, BRING_TO_EVERY_VISIT];

/** For a service with no notes of its own (and a stored name the catalogue does not know). */
export const NO_SPECIAL_PREPARATION: ServicePreparation = { notes: [], durationMinutes: 30 };

/** Breast ultrasound and mammography. */
export const BREAST_IMAGING_PREPARATION: ServicePreparation = {
  notes: [
    "Wear a two-piece outfit so you only need to undress from the waist up.",
    "Do not use deodorant, talcum powder or body lotion on the day.",
    "Bring any previous breast imaging reports.",
  ],
  durationMinutes: 40,
};

/** Procedures through a needle: biopsies and pain injections. */
export const NEEDLE_PROCEDURE_PREPARATION: ServicePreparation = {
  notes: [
    "Tell us in advance if you take blood-thinning medicine.",
    "Arrange for someone to take you home after the procedure.",
  ],
  durationMinutes: 60,
};

// --- Services ---------------------------------------------------------------

export interface Service {
  /** URL segment of the service's page: /services/<slug>. */
  slug: string;
  /** Name shown to visitors. */
  title: string;
  /** Shorter name for menus and sidebars. */
  shortTitle: string;
  /** One or two sentences for cards and meta descriptions. */
  summary: string;
  icon: ServiceIconName;
  /** Illustration, served from public/. */
  image: string;
  category: CategoryId | null;
  /** What a patient is told to do before the appointment, and how long it takes. */
  preparation: ServicePreparation;
}

export const SERVICES = {
  ultrasound: {
    slug: "ultrasound",
    title: "Ultrasound Imaging",
    shortTitle: "Ultrasound",
    summary: "Real-time pictures of organs, soft tissue and blood flow using sound waves, with no radiation.",
    icon: "waves",
    image: "/images/services/ultrasound.svg",
    category: "diagnostic-imaging",
    preparation: {
      notes: [
        "Abdominal ultrasound: do not eat for 6 hours before (sips of water are fine).",
        "Pelvic ultrasound: drink about 1 litre of water an hour before and do not empty your bladder.",
      ],
      durationMinutes: 45,
    },
  },
  xRay: {
    slug: "x-ray",
    title: "X-ray Imaging",
    shortTitle: "X-ray",
    summary: "Quick, low-dose pictures of bones, the chest and other parts of the body.",
    icon: "scan-line",
    image: "/images/services/x-ray.svg",
    category: "diagnostic-imaging",
    preparation: {
      notes: [
        "Bring your referral form.",
        "Remove jewellery and metal objects; tell the radiographer if you are or may be pregnant.",
      ],
      durationMinutes: 30,
    },
  },
  fluoroscopy: {
    slug: "fluoroscopy",
    title: "Fluoroscopy Imaging",
    shortTitle: "Fluoroscopy",
    summary: "A moving X-ray examination that shows organs at work, often with a contrast medium.",
    icon: "monitor-play",
    image: "/images/services/fluoroscopy.svg",
    category: "diagnostic-imaging",
    preparation: {
      notes: [
        "Follow your doctor's instructions; some examinations need you not to eat beforehand.",
        "Tell us if you are or may be pregnant, or have had a reaction to contrast medium.",
      ],
      durationMinutes: 60,
    },
  },
  boneDensitometry: {
    slug: "bone-densitometry-dexa-scan",
    title: "Bone Densitometry (DEXA Scan)",
    shortTitle: "Bone Densitometry (DEXA Scan)",
    summary: "A low-dose scan that measures bone strength to find osteoporosis and fracture risk.",
    icon: "bone",
    image: "/images/services/bone-densitometry.svg",
    category: "diagnostic-imaging",
    preparation: {
      notes: [
        "Stop calcium supplements 24 to 48 hours before the scan.",
        "Wear comfortable clothes without metal zips, buttons or buckles.",
      ],
      durationMinutes: 30,
    },
  },
  breastUltrasound: {
    slug: "breast-ultrasound",
    title: "Breast Ultrasound",
    shortTitle: "Breast Ultrasound",
    summary: "A gentle, radiation-free look at breast tissue, often used alongside mammography.",
    icon: "heart-pulse",
    image: "/images/services/breast-ultrasound.svg",
    category: "womens-imaging",
    preparation: BREAST_IMAGING_PREPARATION,
  },
  pregnancy3d: {
    slug: "3d-pregnancy-scan",
    title: "3D Pregnancy Scan",
    shortTitle: "3D Pregnancy Scan",
    summary: "Three-dimensional ultrasound pictures of your baby, made with sound waves, not radiation.",
    icon: "baby",
    image: "/images/services/3d-pregnancy-scan.svg",
    category: "womens-imaging",
    preparation: {
      notes: ["Bring your antenatal card and any previous scan reports.", "You may eat and drink as normal."],
      durationMinutes: 45,
    },
  },
  minimallyInvasive: {
    slug: "minimally-invasive-procedure",
    title: "Minimally Invasive Procedures",
    shortTitle: "Minimally Invasive Procedures",
    summary: "Ultrasound-guided biopsies and procedures through a needle, without open surgery.",
    icon: "syringe",
    image: "/images/services/minimally-invasive-procedure.svg",
    category: "imaging-guided-procedures",
    preparation: NEEDLE_PROCEDURE_PREPARATION,
  },
  painManagement: {
    slug: "pain-management",
    title: "Pain Management",
    shortTitle: "Pain Management",
    summary: "Image-guided injections and nerve treatments that target the source of pain.",
    icon: "pill",
    image: "/images/services/pain-management.svg",
    category: "imaging-guided-procedures",
    preparation: NEEDLE_PROCEDURE_PREPARATION,
  },
  remoteReporting: {
    slug: "remote-reporting",
    title: "Remote Reporting",
    shortTitle: "Remote Reporting",
    summary: "Our radiologists report on X-rays and scans taken at other facilities and sent to us electronically.",
    icon: "globe",
    image: "/images/services/remote-reporting.svg",
    category: "telemedicine",
    preparation: { notes: ["Bring or send your images and any previous reports."], durationMinutes: 30 },
  },
  mammography: {
    slug: "mammography",
    title: "Mammography",
    shortTitle: "Mammography",
    summary: "Low-dose X-ray images of the breast for screening and diagnosis.",
    icon: "ribbon",
    image: "/images/services/mammography.svg",
    category: "womens-imaging",
    preparation: BREAST_IMAGING_PREPARATION,
  },
  advancedTechnology: {
    slug: "advanced-technology",
    title: "Advanced Technology",
    shortTitle: "Advanced Technology",
    summary: "Advanced Technology",
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

/** The service with this slug. */
export function findServiceBySlug(slug: string): Service | undefined {
  return SERVICE_PAGES.find((s) => s.slug === slug);
}

/**
 * The service an appointment names. Appointments store the slug; a title
 * (any case) is accepted too, for e-mails built from a form's value and for
 * rows written before migration 0012 that it could not convert.
 */
export function findStoredService(stored: string): Service | undefined {
  const wanted = stored.trim().toLowerCase();
  return findServiceBySlug(stored) ?? SERVICE_PAGES.find((s) => s.title.toLowerCase() === wanted);
}

/** The title to show for a stored service; a value the catalogue does not know is shown as stored. */
export function serviceTitle(stored: string): string {
  return findStoredService(stored)?.title ?? stored;
}

/** The preparation notes (the service's own, then those for every visit) and expected length for a stored service. */
export function serviceGuidance(stored: string): ServicePreparation {
  const own = findStoredService(stored)?.preparation ?? NO_SPECIAL_PREPARATION;
  return { notes: [...own.notes, ...EVERY_VISIT_NOTES], durationMinutes: own.durationMinutes };
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

const CATEGORY_LAYOUT: { id: CategoryId; category: string; subheading: string; cards: [ServiceKey, ColSize][] }[] = [
  {
    id: "diagnostic-imaging",
    category: "Diagnostic Imaging",
    subheading: "",
    cards: [
      ["boneDensitometry", "3"],
      ["ultrasound", "3"],
      ["fluoroscopy", "3"],
      ["xRay", "3"],
    ],
  },
  {
    id: "womens-imaging",
    category: "Women's Imaging",
    subheading: "",
    cards: [
      ["breastUltrasound", "4"],
      ["mammography", "4"],
      ["pregnancy3d", "4"],
    ],
  },
  {
    id: "imaging-guided-procedures",
    category: "Imaging Guided Procedures",
    subheading: "(ultrasound guided procedures)",
    cards: [
      ["painManagement", "6"],
      ["minimallyInvasive", "6"],
    ],
  },
  {
    id: "telemedicine",
    category: "Telemedicine and Teleradiology",
    subheading: "",
    cards: [["remoteReporting", "4"]],
  },
];

let cardId = 0;
export const SERVICE_CATEGORIES: ServiceCategory[] = CATEGORY_LAYOUT.map((layout, index) => ({
  id: index + 1,
  categoryId: layout.id,
  category: layout.category,
  subheading: layout.subheading,
  services: layout.cards.map(([key, colsize]) => {
    const s: Service = SERVICES[key];
    cardId += 1;
    return { id: cardId, name: s.title, desp: s.summary, icon: s.icon, image: s.image, link: servicePath(s), colsize };
  }),
}));

// --- Sidebar on service pages: the bookable services by category ------------
// The same lists make the Services mega-menu's columns (app/components/layout/nav-data.ts).

export interface SidebarCategory {
  id: CategoryId;
  name: string;
  subcategories: { name: string; link: string }[];
}

const SIDEBAR_LAYOUT = [
  {
    id: "diagnostic-imaging",
    name: "Diagnostic Imaging",
    services: ["ultrasound", "xRay", "fluoroscopy", "boneDensitometry"],
  },
  { id: "womens-imaging", name: "Women's Imaging", services: ["breastUltrasound", "mammography", "pregnancy3d"] },
  {
    id: "imaging-guided-procedures",
    name: "Imaging Guided Procedures",
    services: ["minimallyInvasive", "painManagement"],
  },
  { id: "telemedicine", name: "Telemedicine and Teleradiology", services: ["remoteReporting"] },
] as const satisfies readonly { id: CategoryId; name: string; services: readonly ServiceKey[] }[];

export const SIDEBAR_CATEGORIES: SidebarCategory[] = SIDEBAR_LAYOUT.map((c) => ({
  id: c.id,
  name: c.name,
  subcategories: c.services.map((key) => ({ name: SERVICES[key].shortTitle, link: servicePath(SERVICES[key]) })),
}));

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

// --- Ultrasound estimated durations, in minutes (estimates only) ------------

export interface UltrasoundTiming {
  name: string;
  /** Minutes, as text. */
  duration: string;
  options?: { type: "Single" | "Double"; duration: string }[];
}

export const ULTRASOUND_TIMINGS: UltrasoundTiming[] = [
  { name: "Abdomen (Upper)", duration: "30" },
  { name: "Abdomen (Full)", duration: "40" },
  { name: "Abdomen & Pelvis", duration: "45" },
  { name: "Pelvis (Male)", duration: "30" },
  { name: "Pelvis (Female)", duration: "40" },
  { name: "Liver", duration: "30" },
  { name: "Gallbladder", duration: "20" },
  { name: "Aorta Surveillance", duration: "20" },
  { name: "Renal", duration: "20" },
  { name: "Hernia", duration: "30" },
  { name: "Thyroid", duration: "30" },
  { name: "Scrotum", duration: "30" },
  {
    name: "Breast",
    duration: "30",
    options: [
      { type: "Single", duration: "30" },
      { type: "Double", duration: "40" },
    ],
  },
  { name: "Soft Tissue", duration: "30" },
  { name: "Salivary Glands", duration: "30" },
];

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
      ? t.options.map((o) => ({ name: `${t.name} (${o.type})`, minutes: Number(o.duration) }))
      : [{ name: t.name, minutes: Number(t.duration) }],
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
