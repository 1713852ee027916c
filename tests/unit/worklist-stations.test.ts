import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/base/config";
import { DEFAULT_STATIONS, parseWorklistStations } from "../../domain/worklist";

describe("WORKLIST_STATIONS", () => {
  it("defaults to the clinic's six machines", () => {
    expect(loadConfig({ NODE_ENV: "test" }).worklist).toMatchObject({ dir: undefined, stations: DEFAULT_STATIONS });
    expect(DEFAULT_STATIONS).toEqual({
      "x-ray": { aeTitle: "XRAY1", modality: "DX" },
      "ultrasound-1": { aeTitle: "US1", modality: "US" },
      "ultrasound-2": { aeTitle: "US2", modality: "US" },
      mammography: { aeTitle: "MAMMO1", modality: "MG" },
      "bone-densitometry": { aeTitle: "DEXA1", modality: "BMD" },
      fluoroscopy: { aeTitle: "FLUORO1", modality: "RF" },
    });
  });

  it("reads ROOM=AE_TITLE/MODALITY pairs", () => {
    expect(parseWorklistStations(" x-ray=CR_ROOM-2/CR , mammography=MAMMO1/MG")).toEqual({
      "x-ray": { aeTitle: "CR_ROOM-2", modality: "CR" },
      mammography: { aeTitle: "MAMMO1", modality: "MG" },
    });
  });

  it.each([
    ["x-ray=XRAY1", /must be ROOM=AE_TITLE\/MODALITY/],
    ["scanner=CT1/CT", /"scanner" is not a room/],
    ["x-ray=xray1/DX", /not an AE title/],
    ["x-ray=AN_AE_TITLE_TOO_LONG/DX", /not an AE title/],
    ["x-ray=XRAY1/DX,fluoroscopy=XRAY1/RF", /given to two rooms/],
    ["x-ray=XRAY1/DX,x-ray=XRAY2/DX", /given twice/],
    ["x-ray=XRAY1/d x", /not a modality/],
    [" , ", /names no room/],
  ])("refuses %s at start-up, naming the variable", (value, message) => {
    try {
      loadConfig({ NODE_ENV: "test", WORKLIST_STATIONS: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        { variable: "WORKLIST_STATIONS", message: expect.stringMatching(message) },
      ]);
    }
  });
});
