import { describe, expect, it } from "vitest";
import { dicomDate, dicomNameWords, ORTHANC_BACKOFF_MAX_MS, orthancBackoffMs } from "../../domain/images";

describe("the images' arrival (decision 066)", () => {
  it("waits its poll interval doubled for each failure in a row, at most five minutes", () => {
    expect(orthancBackoffMs(5000, 0)).toBe(0);
    expect([1, 2, 3, 4].map((n) => orthancBackoffMs(5000, n))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(orthancBackoffMs(5000, 7)).toBe(ORTHANC_BACKOFF_MAX_MS);
    expect(orthancBackoffMs(5000, 10_000)).toBe(ORTHANC_BACKOFF_MAX_MS);
  });

  it("reads DICOM's dates and names as people read them", () => {
    expect(dicomDate("20261207")).toBe("2026-12-07");
    expect(dicomDate("2026-12-07")).toBeNull();
    expect(dicomDate(undefined)).toBeNull();
    expect(dicomNameWords("Ntšhwarelo^Kgomotso^Boitumelo")).toBe("Kgomotso Boitumelo Ntšhwarelo");
    expect(dicomNameWords("Mosweu^Neo=モスウェウ^ネオ")).toBe("Neo Mosweu");
    expect(dicomNameWords("")).toBe("");
  });
});
