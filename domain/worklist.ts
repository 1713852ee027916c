import { ROOMS, type RoomId } from "./rooms";

/*
 * The imaging machines' worklist (issue 36, decision 065): each room with a
 * machine is a DICOM station, named by its AE title, with its modality.
 */

export interface Station {
  aeTitle: string;
  modality: string;
}

export type WorklistStations = Readonly<Partial<Record<RoomId, Station>>>;

/** WORKLIST_STATIONS' default: the clinic's machines. */
export const DEFAULT_WORKLIST_STATIONS =
  "x-ray=XRAY1/DX,ultrasound-1=US1/US,ultrasound-2=US2/US,mammography=MAMMO1/MG,bone-densitometry=DEXA1/BMD,fluoroscopy=FLUORO1/RF";

/** An AE title: 1 to 16 characters of upper-case letters, digits, space, _ and - (no leading or trailing space). */
const AE_TITLE = /^[A-Z0-9_-](?:[A-Z0-9 _-]{0,14}[A-Z0-9_-])?$/;
/** A modality code: 2 to 16 upper-case letters or digits (DX, US, MG, BMD, RF…). */
const MODALITY = /^[A-Z0-9]{2,16}$/;

/** Reads ROOM=AE_TITLE/MODALITY,…; a sentence saying what is wrong when it cannot. */
export function parseWorklistStations(raw: string): WorklistStations | string {
  const rooms = new Set<string>(ROOMS.map((r) => r.id));
  const stations: Partial<Record<RoomId, Station>> = {};
  const titles = new Set<string>();
  const items = raw
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  // Set but naming no room (" ", ","): a mistake, not "no machines" (that is WORKLIST_DIR unset).
  if (!items.length) return "names no room: give ROOM=AE_TITLE/MODALITY pairs, or leave it unset for the defaults";
  for (const item of items) {
    const match = /^([a-z0-9-]+)=([^/]+)\/(.+)$/.exec(item);
    if (!match) return `"${item}" must be ROOM=AE_TITLE/MODALITY, such as x-ray=XRAY1/DX`;
    const [, room, aeTitle, modality] = match as unknown as [string, string, string, string];
    if (!rooms.has(room)) return `"${room}" is not a room (rooms: ${[...rooms].join(", ")})`;
    if (stations[room as RoomId]) return `room "${room}" is given twice`;
    if (!AE_TITLE.test(aeTitle)) return `"${aeTitle}" is not an AE title (1 to 16 of A-Z, 0-9, space, _ and -)`;
    if (titles.has(aeTitle)) return `AE title "${aeTitle}" is given to two rooms`;
    if (!MODALITY.test(modality)) return `"${modality}" is not a modality code (such as DX, US, MG)`;
    titles.add(aeTitle);
    stations[room as RoomId] = { aeTitle, modality };
  }
  return stations;
}

/** The default stations, read. */
export const DEFAULT_STATIONS = parseWorklistStations(DEFAULT_WORKLIST_STATIONS) as WorklistStations;

/** The station of an appointment's room, if that room has a machine. */
export function stationOf(stations: WorklistStations, room: string | null): Station | undefined {
  return room ? (stations as Readonly<Record<string, Station | undefined>>)[room] : undefined;
}
