import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/*
 * Debian's Orthanc with its worklist plugin, and DCMTK's findscu and storescu
 * playing the imaging machines (decision 065). Each test file starts one
 * Orthanc on free loopback ports with a temporary configuration, worklist
 * folder and storage folder; never the system service.
 */

const run = promisify(execFile);

const PLUGIN_PLACES = [
  "/usr/share/orthanc/plugins/libModalityWorklists.so",
  "/usr/lib/orthanc/libModalityWorklists.so",
  "/usr/lib/orthanc/libModalityWorklists.so.1.10.1",
];

function onPath(program: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

/** Why the Orthanc tests cannot run here, or undefined when Orthanc, its worklist plugin and DCMTK are installed. */
export function orthancMissing(): string | undefined {
  const absent = ["Orthanc", "findscu", "storescu", "dump2dcm"].filter((p) => !onPath(p));
  if (absent.length) return `not installed: ${absent.join(", ")} (apt-get install orthanc dcmtk)`;
  if (!worklistPlugin()) return "Orthanc's worklist plugin (libModalityWorklists.so) was not found";
  return undefined;
}

function worklistPlugin(): string | undefined {
  return PLUGIN_PLACES.find((p) => fs.existsSync(p));
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestOrthanc {
  dicomPort: number;
  url: string;
  worklistDir: string;
  /** Stops Orthanc and starts it again on the same configuration and folders. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts Orthanc with its worklist plugin on `worklistDir`, answering the given stations' AE titles. */
export async function startOrthanc(worklistDir: string, aeTitles: readonly string[]): Promise<TestOrthanc> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "orthanc-test-"));
  const [dicomPort, httpPort] = [await freePort(), await freePort()];
  const config = {
    Name: "clinic-test",
    StorageDirectory: path.join(home, "storage"),
    IndexDirectory: path.join(home, "storage"),
    Plugins: [worklistPlugin()],
    Worklists: { Enable: true, Database: worklistDir, FilterIssuerAet: true },
    // The machines' names come back in UTF-8 (ISO_IR 192), not Orthanc's default Latin-1.
    DefaultEncoding: "Utf8",
    DicomAet: "PACS",
    DicomPort: dicomPort,
    HttpPort: httpPort,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    DicomModalities: Object.fromEntries(aeTitles.map((ae, i) => [ae, [ae, "127.0.0.1", 1 + i]])),
    StableAge: 1,
    SaveJobs: false,
  };
  const configFile = path.join(home, "orthanc.json");
  fs.writeFileSync(configFile, JSON.stringify(config));
  let child: ChildProcess | undefined;

  /** Resolves when Orthanc says it has started (its log line), within 30 s. */
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn("Orthanc", [configFile], { stdio: ["ignore", "pipe", "pipe"] });
      child = proc;
      let log = "";
      const timer = setTimeout(() => {
        proc.kill("SIGKILL");
        reject(new Error(`Orthanc did not start within 30 s:\n${log.slice(-2000)}`));
      }, 30_000);
      const watch = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes("Orthanc has started")) {
          clearTimeout(timer);
          proc.stdout?.off("data", watch);
          proc.stderr?.off("data", watch);
          // Keep draining its output so a full pipe never blocks it.
          proc.stdout?.resume();
          proc.stderr?.resume();
          resolve();
        }
      };
      proc.stdout?.on("data", watch);
      proc.stderr?.on("data", watch);
      proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Orthanc exited (${code}) before it started:\n${log.slice(-2000)}`));
      });
    });

  /** Stops Orthanc (SIGTERM, as systemd does) and resolves when it has exited, within 30 s. */
  const stop = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const timer = setTimeout(() => proc.kill("SIGKILL"), 30_000);
      proc.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      proc.kill("SIGTERM");
    });

  await start();
  return {
    dicomPort,
    url: `http://127.0.0.1:${httpPort}`,
    worklistDir,
    restart: async () => {
      await stop();
      await start();
    },
    stop: async () => {
      await stop();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** One answer of a worklist query: each element findscu printed, by tag ("0010,0010"), nested ones included. */
export type WorklistAnswer = Record<string, string>;

/**
 * Asks Orthanc for the worklist as the machine `aeTitle` does (findscu -W), for one day; the
 * answers, each element by tag.
 */
export async function queryWorklist(orthanc: TestOrthanc, aeTitle: string, date: string): Promise<WorklistAnswer[]> {
  const keys = [
    "SpecificCharacterSet=ISO_IR 192",
    "AccessionNumber",
    "PatientName",
    "PatientID",
    "PatientBirthDate",
    "PatientSex",
    "StudyInstanceUID",
    "RequestedProcedureDescription",
    "ReferringPhysicianName",
    `ScheduledProcedureStepSequence[0].ScheduledStationAETitle=${aeTitle}`,
    `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate=${date.replace(/-/g, "")}`,
    "ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartTime",
    "ScheduledProcedureStepSequence[0].Modality",
  ];
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "findscu-"));
  try {
    const args = ["-W", "-aet", aeTitle, "-aec", "PACS", "-to", "20", "-ta", "20", "-td", "20", "-X", "-od", out];
    for (const key of keys) args.push("-k", key);
    args.push("127.0.0.1", String(orthanc.dicomPort));
    await run("findscu", args, { timeout: 30_000 });
    const answers: WorklistAnswer[] = [];
    for (const file of fs.readdirSync(out).sort()) {
      // +L: every value whole (dcmdump shortens long ones otherwise).
      const { stdout } = await run("dcmdump", ["+L", path.join(out, file)], { timeout: 30_000, encoding: "utf8" });
      const answer: WorklistAnswer = {};
      for (const match of stdout.matchAll(/\(([0-9a-f]{4},[0-9a-f]{4})\) [A-Z]{2} \[([^\]]*)\]/g)) {
        answer[match[1]!] = match[2]!.trim();
      }
      answers.push(answer);
    }
    return answers;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/** Sends a one-image study with this accession number and Study Instance UID, as the machine `aeTitle` (storescu). */
export async function sendStudy(
  orthanc: TestOrthanc,
  aeTitle: string,
  accession: string,
  studyUid: string,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "study-"));
  try {
    const dump = path.join(dir, "study.dump");
    const file = path.join(dir, "study.dcm");
    fs.writeFileSync(
      dump,
      [
        "(0008,0016) UI =SecondaryCaptureImageStorage",
        `(0008,0018) UI [${studyUid}.1.1]`,
        `(0008,0050) SH [${accession}]`,
        "(0008,0060) CS [DX]",
        "(0010,0010) PN [Test^Patient]",
        "(0010,0020) LO [TEST]",
        `(0020,000d) UI [${studyUid}]`,
        `(0020,000e) UI [${studyUid}.1]`,
      ].join("\n"),
    );
    await run("dump2dcm", ["--write-xfer-little", dump, file], { timeout: 30_000 });
    await run(
      "storescu",
      ["-aet", aeTitle, "-aec", "PACS", "-to", "20", "127.0.0.1", String(orthanc.dicomPort), file],
      {
        timeout: 30_000,
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
