import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOTS_PATH } from "../../domain/api-paths";
import { clinicInstant } from "../../domain/dates";
import { closureRepository } from "../../server/closures/closure-repository";
import { createTestApp, type TestApp } from "../helpers/app";
import { seedConfirmedIn } from "../helpers/staff";

// Decision 063: GET /api/appointment/public/slots, a service's free times to book online, found by
// the one function the console uses too, under the service's booking rule. The clock is fixed at
// Monday 1 March 2027, 08:00 in Gaborone; each test has its own days.

const NOW = clinicInstant("2027-03-01", "08:00");

describe("the free times patients may book", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    await seedConfirmedIn(t.db, "2027-03-02", "11:00", "x-ray");
    const closures = closureRepository(t.db);
    const stamp = NOW.toISOString();
    await closures.create({
      firstDate: "2027-03-03",
      lastDate: "2027-03-03",
      reason: "Staff training",
      room: null,
      createdBy: null,
      createdAt: stamp,
    });
    await closures.create({
      firstDate: "2027-03-04",
      lastDate: "2027-03-04",
      reason: "Tube repair",
      room: "x-ray",
      createdBy: null,
      createdAt: stamp,
    });
  });
  afterAll(() => t.close());

  const slots = (query: string) => t.app.inject({ method: "GET", url: `${SLOTS_PATH}?${query}` });
  const daysOf = async (query: string) => {
    const res = await slots(query);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { days: { date: string; times: string[] }[] } }).data.days;
  };

  it("answers the days and times in Gaborone time, cached a few seconds at most", async () => {
    const res = await slots("service=x-ray&from=2027-03-01&to=2027-03-01");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=5");
    const { data } = res.json() as {
      data: { service: string; selfBookable: boolean; timeZone: string; days: { date: string; times: string[] }[] };
    };
    expect(data.service).toBe("x-ray");
    expect(data.selfBookable).toBe(true);
    expect(data.timeZone).toBe("Africa/Gaborone");
    // Two hours' notice from 08:00; the last X-ray (30 minutes) ends at closing, 20:00.
    expect(data.days).toHaveLength(1);
    expect(data.days[0]!.times[0]).toBe("10:00");
    expect(data.days[0]!.times.at(-1)).toBe("19:30");
  });

  it("gives as much notice as the preparation takes: 6 hours for ultrasound's fast, a day for DEXA", async () => {
    expect((await daysOf("service=ultrasound&from=2027-03-01&to=2027-03-01"))[0]!.times[0]).toBe("14:00");
    const dexa = await daysOf("service=bone-densitometry-dexa-scan&from=2027-03-01&to=2027-03-02");
    expect(dexa.map((d) => d.date)).toEqual(["2027-03-02"]);
    expect(dexa[0]!.times[0]).toBe("08:00");
  });

  it("leaves out the room's booked time and its changeover", async () => {
    const [day] = await daysOf("service=x-ray&from=2027-03-02&to=2027-03-02");
    expect(day!.times).toContain("10:15");
    // 10:30 plus 30 minutes and 5 minutes' changeover runs into 11:00.
    for (const taken of ["10:30", "10:45", "11:00", "11:15"]) expect(day!.times).not.toContain(taken);
    expect(day!.times).toContain("11:30");
  });

  it("leaves out a day the clinic is closed, and a day the service's room is out of service", async () => {
    expect(await daysOf("service=x-ray&from=2027-03-03&to=2027-03-03")).toEqual([]);
    expect(await daysOf("service=x-ray&from=2027-03-04&to=2027-03-04")).toEqual([]);
    expect((await daysOf("service=ultrasound&from=2027-03-04&to=2027-03-04")).map((d) => d.date)).toEqual([
      "2027-03-04",
    ]);
    // Sunday 7 March and Good Friday, 26 March.
    expect(await daysOf("service=x-ray&from=2027-03-07&to=2027-03-07")).toEqual([]);
    expect(await daysOf("service=x-ray&from=2027-03-26&to=2027-03-26")).toEqual([]);
  });

  it("offers nothing past the 60-day horizon, and answers 62 days at once", async () => {
    const days = await daysOf("service=mammography&from=2027-03-01&to=2027-05-01");
    expect(days.at(-1)!.date).toBe("2027-04-30");
  });

  it("answers selfBookable false, and no days, for a service booked by request only", async () => {
    for (const service of ["fluoroscopy", "minimally-invasive-procedure", "pain-management", "remote-reporting"]) {
      const res = await slots(`service=${service}&from=2027-03-01&to=2027-03-05`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { service, selfBookable: false, timeZone: "Africa/Gaborone", days: [] },
      });
    }
  });

  it("refuses an unknown service, a bad date and a range over 62 days, naming the field", async () => {
    const errors = async (query: string) => {
      const res = await slots(query);
      expect(res.statusCode).toBe(400);
      return Object.keys((res.json() as { errors: Record<string, string> }).errors);
    };
    expect(await errors("service=cardiac-mri&from=2027-03-01&to=2027-03-02")).toEqual(["service"]);
    expect(await errors("service=advanced-technology&from=2027-03-01&to=2027-03-02")).toEqual(["service"]);
    expect(await errors("from=2027-03-01&to=2027-03-02")).toEqual(["service"]);
    expect(await errors("service=x-ray&from=2027-02-30&to=2027-03-02")).toEqual(["from"]);
    expect(await errors("service=x-ray&from=2027-03-05&to=2027-03-02")).toEqual(["to"]);
    expect(await errors("service=x-ray&from=2027-03-01&to=2027-05-02")).toEqual(["to"]);
    expect(await errors("service=x-ray&service=ultrasound&from=2027-03-01&to=2027-03-02")).toEqual(["service"]);
  });
});
