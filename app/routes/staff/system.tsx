import { formatClinicDateTime } from "@domain/dates";
import { ORTHANC_PROBLEM_WORDS } from "@domain/images";
import {
  agoWords,
  backupIsStale,
  BACKUP_MAX_AGE_HOURS,
  freePercent,
  FREE_DISK_MIN_PERCENT,
  queueIsStuck,
  queueLabel,
  QUEUE_MAX_WAIT_MINUTES,
  troubleKey,
  troubleWords,
} from "@domain/system-health";
import { Link } from "react-router";
import { DataTable } from "~/components/staff/data-table";
import { formatBytes, staffMeta } from "~/components/staff/staff-format";
import { requireStaff } from "~/lib/staff.server";
import { systemStatus } from "~/lib/staff/operations.server";
import type { Route } from "./+types/system";

export const meta = () => staffMeta("System");

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const now = rt.now();
  const status = await systemStatus(rt.db, rt.config, now);
  return { ...status, generatedAt: now.toISOString() };
}

type Status = Route.ComponentProps["loaderData"];

function Row({
  label,
  attention = false,
  children,
}: {
  label: string;
  attention?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={attention ? "staff-dl__row staff-dl__row--attention" : "staff-dl__row"}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Queues({ queues, now }: { queues: Status["queues"]; now: Date }) {
  return (
    <DataTable
      region="Message queues"
      caption="Messages waiting to go out, by channel"
      columns={[
        "Channel",
        "Waiting",
        "Oldest waiting",
        { key: "sent", label: "Sent in the last 24 hours", cardLabel: "Sent, 24 hours" },
      ]}
    >
      <tbody>
        {queues.map((q) => (
          <tr key={q.channel}>
            <th scope="row">{queueLabel(q.channel)}</th>
            <td>{q.pending}</td>
            <td>
              {q.oldestPendingAt === null ? (
                <span className="staff-muted">None</span>
              ) : (
                <>
                  queued {agoWords(q.oldestPendingAt, now)}
                  {queueIsStuck(q.oldestPendingAt, now) ? <strong> (stuck)</strong> : null}
                </>
              )}
            </td>
            <td>{q.sentLastDay}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export default function StaffSystem({ loaderData: s }: Route.ComponentProps) {
  const now = new Date(s.generatedAt);
  const free = freePercent(s.disk);
  return (
    <>
      <div className="staff-page-head">
        <h1>System</h1>
        <p className="staff-muted">
          Whether messages go out, backups are taken and there is room on the disk. Updated{" "}
          {formatClinicDateTime(s.generatedAt)}.
        </p>
      </div>

      {s.troubles.length > 0 ? (
        <section className="staff-alert staff-alert--error" aria-labelledby="troubles-title">
          <h2 id="troubles-title">Needs attention</h2>
          <ul>
            {s.troubles.map((t) => (
              <li key={troubleKey(t)}>{troubleWords(t, now)}</li>
            ))}
          </ul>
          <p>Tell whoever looks after the clinic’s server.</p>
        </section>
      ) : (
        <p className="staff-alert staff-alert--success">Everything below is as it should be.</p>
      )}

      <section aria-labelledby="queues-heading" className="staff-section">
        <h2 id="queues-heading">Messages to patients and the clinic</h2>
        <p className="staff-muted">
          A message waiting more than {QUEUE_MAX_WAIT_MINUTES} minutes is stuck (text messages also wait through quiet
          hours).
        </p>
        <Queues queues={s.queues} now={now} />
        <dl className="staff-dl">
          <Row label={`E-mails not delivered, last ${s.failing.lookbackDays} days`} attention={s.failing.email > 0}>
            {s.failing.email}
          </Row>
          <Row label={`Text messages failing, last ${s.failing.lookbackDays} days`} attention={s.failing.texts > 0}>
            {s.failing.texts}
            {s.failing.texts > 0 ? " (the overview lists their appointments, to send again)" : ""}
          </Row>
        </dl>
      </section>

      <section aria-labelledby="data-heading" className="staff-section">
        <h2 id="data-heading">Backups and disk</h2>
        <dl className="staff-dl">
          <Row label="Last backup" attention={backupIsStale(s.lastBackupAt, now)}>
            {s.lastBackupAt === null
              ? "None yet"
              : `${formatClinicDateTime(s.lastBackupAt)} (${agoWords(s.lastBackupAt, now)})`}
            {backupIsStale(s.lastBackupAt, now)
              ? `. A backup is due at least every ${BACKUP_MAX_AGE_HOURS} hours.`
              : ""}
          </Row>
          <Row label="Last clean-up of old records">
            {s.lastPurgeAt === null ? "Not run yet" : formatClinicDateTime(s.lastPurgeAt)}
          </Row>
          <Row label="Free disk space" attention={free < FREE_DISK_MIN_PERCENT}>
            {formatBytes(s.disk.freeBytes)} of {formatBytes(s.disk.sizeBytes)} ({free.toFixed(1)} % free)
          </Row>
        </dl>
      </section>

      <section aria-labelledby="worklist-heading" className="staff-section">
        <h2 id="worklist-heading">Imaging machines’ worklist</h2>
        {s.worklist.enabled ? (
          <dl className="staff-dl">
            <Row label="Changes waiting to be written" attention={s.worklist.waiting > 0}>
              {s.worklist.waiting === 0 || s.worklist.waitingSince === null
                ? "None"
                : `${s.worklist.waiting}, the oldest ${agoWords(s.worklist.waitingSince, now)}. The worklist folder cannot be written: the machines do not see these changes.`}
            </Row>
            <Row label="Folder last checked whole">
              {s.worklist.lastSweep === null ? "Not yet" : formatClinicDateTime(s.worklist.lastSweep)}
            </Row>
          </dl>
        ) : (
          <p className="staff-muted">
            Off: no worklist folder is set (WORKLIST_DIR), so the machines get no patient list.
          </p>
        )}
      </section>

      <section aria-labelledby="images-heading" className="staff-section">
        <h2 id="images-heading">Images arriving from Orthanc</h2>
        {s.images.followed ? (
          <dl className="staff-dl">
            <Row label="Orthanc" attention={s.images.unreachableSince !== null}>
              {s.images.unreachableSince !== null
                ? `Unreachable since ${formatClinicDateTime(s.images.unreachableSince)} (${agoWords(s.images.unreachableSince, now)}): ${s.images.problem ? ORTHANC_PROBLEM_WORDS[s.images.problem] : "it does not answer"}. The site keeps trying; nothing is lost meanwhile.`
                : s.images.lastReachedAt === null
                  ? "Not read yet"
                  : "Answering"}
            </Row>
            <Row label="Last reached">
              {s.images.lastReachedAt === null
                ? "Never"
                : `${formatClinicDateTime(s.images.lastReachedAt)} (${agoWords(s.images.lastReachedAt, now)})`}
            </Row>
            <Row label="Studies to link by hand" attention={s.images.unmatched > 0}>
              {s.images.unmatched === 0 ? (
                "None"
              ) : (
                <Link to="/staff/studies">{`${s.images.unmatched} ${s.images.unmatched === 1 ? "study waits" : "studies wait"} to be linked`}</Link>
              )}
            </Row>
          </dl>
        ) : (
          <p className="staff-muted">
            Off: Orthanc’s address is not set (ORTHANC_URL), so appointments are not marked “images received”.
          </p>
        )}
      </section>

      <section aria-labelledby="versions-heading" className="staff-section">
        <h2 id="versions-heading">Versions running</h2>
        <dl className="staff-dl">
          <Row label="Clinic website">{s.versions.app}</Row>
          <Row label="Node.js">{s.versions.node}</Row>
          <Row label="Database">
            {s.versions.database.kind} {s.versions.database.version}
          </Row>
        </dl>
      </section>
    </>
  );
}
