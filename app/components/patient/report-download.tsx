import { m } from "@domain/paraglide/messages.js";
import { grantedReportPath } from "@domain/reports";
import { formatBytes } from "~/components/staff/staff-format";
import { useMessageOptions } from "~/lib/locale";

/** The report's download for the doctor or the patient, once their code or date of birth was right (decision 075). */
export function ReportDownload({ report }: { report: { id: string; size: number } }) {
  const options = useMessageOptions();
  return (
    <p>
      <a className="button button--primary" href={grantedReportPath(report.id)} download>
        {m.report_download({ size: formatBytes(report.size) }, options)}
      </a>
    </p>
  );
}
