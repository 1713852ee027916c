import { z } from "zod";
import type { OrthancConfig } from "../../base/config";
import type { OrthancProblem } from "../../../domain/images";

/*
 * The part of Orthanc's REST API the site reads (decision 066): the /changes
 * feed, a study's main tags and its series' modalities. Every failure is an
 * answer, never a throw: Orthanc away must not stop anything.
 */

export type OrthancAnswer<T> = { ok: true; value: T } | { ok: false; problem: OrthancProblem | "not-found" };

const changesSchema = z.object({
  Changes: z.array(
    z.object({ ChangeType: z.string(), ID: z.string(), ResourceType: z.string().optional(), Seq: z.number().int() }),
  ),
  Done: z.boolean(),
  Last: z.number().int(),
});
export type OrthancChanges = z.infer<typeof changesSchema>;

const tags = z.record(z.string(), z.unknown()).optional();
const studySchema = z.object({ ID: z.string(), MainDicomTags: tags, PatientMainDicomTags: tags });
const seriesSchema = z.array(z.object({ MainDicomTags: tags }));

/** A study as the site reads it: its accession number, date, the patient's name and its modalities. */
export interface OrthancStudy {
  id: string;
  accession: string | null;
  studyDate: string | null;
  patientName: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

export function orthancClient(config: OrthancConfig) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (config.credentials) {
    const { username, password } = config.credentials;
    headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  }

  async function get<T>(path: string, schema: z.ZodType<T>): Promise<OrthancAnswer<T>> {
    let response: Response;
    try {
      response = await fetch(`${config.url}${path}`, { headers, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      return { ok: false, problem: name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable" };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 401 || response.status === 403) return { ok: false, problem: "unauthorised" };
      if (response.status === 404) return { ok: false, problem: "not-found" };
      return { ok: false, problem: response.status >= 500 ? "server-error" : "bad-answer" };
    }
    try {
      const parsed = schema.safeParse(await response.json());
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: "bad-answer" };
    } catch (error) {
      const name = (error as Error).name;
      return { ok: false, problem: name === "TimeoutError" || name === "AbortError" ? "timeout" : "bad-answer" };
    }
  }

  return {
    /** The changes after `since`, at most `limit`. */
    changes: (since: number, limit: number) => get(`/changes?since=${since}&limit=${limit}`, changesSchema),

    /** A study's main tags. */
    async study(id: string): Promise<OrthancAnswer<OrthancStudy>> {
      const answer = await get(`/studies/${encodeURIComponent(id)}`, studySchema);
      if (!answer.ok) return answer;
      const s = answer.value;
      return {
        ok: true,
        value: {
          id: s.ID,
          accession: text(s.MainDicomTags?.AccessionNumber),
          studyDate: text(s.MainDicomTags?.StudyDate),
          patientName: text(s.PatientMainDicomTags?.PatientName),
        },
      };
    },

    /** The modalities of a study's series ("DX", "CR/DX"), or null when none says. */
    async modalities(id: string): Promise<OrthancAnswer<string | null>> {
      const answer = await get(`/studies/${encodeURIComponent(id)}/series`, seriesSchema);
      if (!answer.ok) return answer;
      const found = [...new Set(answer.value.map((s) => text(s.MainDicomTags?.Modality)).filter(Boolean))];
      return { ok: true, value: found.length ? found.sort().join("/").slice(0, 64) : null };
    },
  };
}

export type OrthancClient = ReturnType<typeof orthancClient>;
