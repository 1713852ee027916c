import { randomUUID } from "node:crypto";
import type dcmjs from "dcmjs";
import { serviceTitle } from "../../../domain/catalogue";
import type { Station } from "../../../domain/worklist";

/*
 * One DICOM Modality Worklist item (a Part-10 file, as Orthanc's worklist
 * plugin reads them), written with dcmjs (decision 065).
 */

/**
 * dcmjs, loaded with the first file written (decision 085): its DICOM dictionary was a third of the
 * server's code loaded at start, for a worklist that is off until WORKLIST_DIR is set.
 */
let dcmjsModule: Promise<typeof dcmjs> | undefined;
const loadDcmjs = async () => (await (dcmjsModule ??= import("dcmjs").then((m) => m.default))).data;

/** What an item is made from: the appointment's columns it reads. */
export interface WorklistAppointment {
  reference: string;
  name: string;
  surname: string;
  dob: string;
  gender: "Male" | "Female" | "Other";
  service_name: string;
  examination: string | null;
  confirmed_date: string;
  confirmed_time: string;
  clinic_patient_id: string;
  study_uid: string;
  /** The referring doctor's name as given (decision 071), or null. */
  referrer_name: string | null;
}

/** The Modality Worklist Information Model's SOP class, the file's MediaStorageSOPClassUID. */
const WORKLIST_SOP_CLASS = "1.2.840.10008.5.1.4.31";
const EXPLICIT_LITTLE_ENDIAN = "1.2.840.10008.1.2.1";
/** This program's implementation UID (2.25 and a fixed UUID as an integer). */
const IMPLEMENTATION_UID = "2.25.169735918317352785213934046592412378455";

/** A new Study Instance UID: 2.25 and a random UUID as an integer (ISO/IEC 9834-8). */
export function newStudyUid(): string {
  return `2.25.${BigInt(`0x${randomUUID().replace(/-/g, "")}`).toString()}`;
}

/** The accession number: the appointment's reference (APT-2026-000123, 15 characters), unique per appointment. */
export function accessionOf(reference: string): string {
  if (reference.length > 16) throw new Error("an accession number has at most 16 characters");
  return reference;
}

/** DICOM's sex: M, F or O. */
function dicomSex(gender: WorklistAppointment["gender"]): "M" | "F" | "O" {
  return gender === "Male" ? "M" : gender === "Female" ? "F" : "O";
}

/** A name component: no DICOM separators (^ = \\) and at most 64 characters. */
function namePart(text: string): string {
  return text
    .replace(/[\^=\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 64);
}

/** Titles a referring doctor's name may start with; they are no part of the name. */
const TITLES = /^(?:(?:dr|doctor|prof|professor|mr|mrs|ms|miss)\.?\s+)+/i;

/**
 * The referring doctor's name as a DICOM person name (decision 071): written
 * "Family, Given" it is Family^Given; otherwise the whole name, less a
 * title, is the family name component, since a name as typed ("Thabo van
 * der Merwe", "Mpho Kgosi") cannot be cut into family and given names safely.
 * Empty when no doctor is known.
 */
export function referringPhysicianName(name: string | null): string {
  const plain = (name ?? "").replace(TITLES, "").trim();
  if (!plain) return "";
  const comma = plain.indexOf(",");
  if (comma > 0) {
    const family = namePart(plain.slice(0, comma));
    const given = namePart(plain.slice(comma + 1));
    return given ? `${family}^${given}` : family;
  }
  return namePart(plain);
}

/** The naturalised dataset of an appointment's worklist item. */
export function worklistDataset(appt: WorklistAppointment, station: Station): Record<string, unknown> {
  const accession = accessionOf(appt.reference);
  const procedure = (appt.examination ?? serviceTitle(appt.service_name)).slice(0, 64);
  const referrer = referringPhysicianName(appt.referrer_name);
  return {
    SpecificCharacterSet: "ISO_IR 192",
    AccessionNumber: accession,
    ReferringPhysicianName: referrer ? [{ Alphabetic: referrer }] : "",
    PatientName: [{ Alphabetic: `${namePart(appt.surname)}^${namePart(appt.name)}` }],
    PatientID: appt.clinic_patient_id,
    PatientBirthDate: appt.dob.replace(/-/g, ""),
    PatientSex: dicomSex(appt.gender),
    StudyInstanceUID: appt.study_uid,
    RequestedProcedureDescription: procedure,
    RequestedProcedureID: accession,
    ScheduledProcedureStepSequence: [
      {
        ScheduledStationAETitle: station.aeTitle,
        Modality: station.modality,
        ScheduledProcedureStepStartDate: appt.confirmed_date.replace(/-/g, ""),
        ScheduledProcedureStepStartTime: `${appt.confirmed_time.replace(":", "")}00`,
        ScheduledProcedureStepDescription: procedure,
        ScheduledProcedureStepID: accession,
      },
    ],
  };
}

/** The item as a DICOM Part-10 file. */
export async function worklistFile(appt: WorklistAppointment, station: Station): Promise<Buffer> {
  const { DicomDict, DicomMetaDictionary } = await loadDcmjs();
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: WORKLIST_SOP_CLASS,
    MediaStorageSOPInstanceUID: appt.study_uid,
    TransferSyntaxUID: EXPLICIT_LITTLE_ENDIAN,
    ImplementationClassUID: IMPLEMENTATION_UID,
  };
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = DicomMetaDictionary.denaturalizeDataset(worklistDataset(appt, station));
  return Buffer.from(dict.write());
}
