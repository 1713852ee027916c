/**
 * Short preparation notes per service, sent with a confirmation. Matched on
 * the service name as the patient chose it. Generic advice only: the clinic
 * should review the wording before going live.
 */
export interface ServiceGuidance {
  notes: string[];
  /** Expected length of the appointment, in minutes. */
  durationMinutes: number;
}

const RULES: { match: RegExp; guidance: ServiceGuidance }[] = [
  {
    match: /dexa|densitometry/i,
    guidance: {
      notes: [
        "Stop calcium supplements 24 to 48 hours before the scan.",
        "Wear comfortable clothes without metal zips, buttons or buckles.",
      ],
      durationMinutes: 30,
    },
  },
  {
    match: /pregnan/i,
    guidance: {
      notes: ["Bring your antenatal card and any previous scan reports.", "You may eat and drink as normal."],
      durationMinutes: 45,
    },
  },
  {
    match: /breast|mammo/i,
    guidance: {
      notes: [
        "Wear a two-piece outfit so you only need to undress from the waist up.",
        "Do not use deodorant, talcum powder or body lotion on the day.",
        "Bring any previous breast imaging reports.",
      ],
      durationMinutes: 40,
    },
  },
  {
    match: /ultrasound/i,
    guidance: {
      notes: [
        "Abdominal ultrasound: do not eat for 6 hours before (sips of water are fine).",
        "Pelvic ultrasound: drink about 1 litre of water an hour before and do not empty your bladder.",
      ],
      durationMinutes: 45,
    },
  },
  {
    match: /x-?ray/i,
    guidance: {
      notes: [
        "Bring your referral form.",
        "Remove jewellery and metal objects; tell the radiographer if you are or may be pregnant.",
      ],
      durationMinutes: 30,
    },
  },
  {
    match: /fluor/i,
    guidance: {
      notes: [
        "Follow your doctor's instructions; some examinations need you not to eat beforehand.",
        "Tell us if you are or may be pregnant, or have had a reaction to contrast medium.",
      ],
      durationMinutes: 60,
    },
  },
  {
    match: /pain|invasive|procedure|biopsy/i,
    guidance: {
      notes: [
        "Tell us in advance if you take blood-thinning medicine.",
        "Arrange for someone to take you home after the procedure.",
      ],
      durationMinutes: 60,
    },
  },
  {
    match: /remote|report/i,
    guidance: { notes: ["Bring or send your images and any previous reports."], durationMinutes: 30 },
  },
];

const ALWAYS = [
  "Please arrive 15 minutes before your appointment.",
  "Bring a valid ID or passport, your medical aid card and your referral form if you have one.",
];

export function serviceGuidance(serviceName: string): ServiceGuidance {
  const rule = RULES.find((r) => r.match.test(serviceName));
  return { notes: [...(rule?.guidance.notes ?? []), ...ALWAYS], durationMinutes: rule?.guidance.durationMinutes ?? 30 };
}
