import {
  CLIENT_ERRORS_PATH,
  clientErrorMessage,
  reportedScriptIn,
  type ClientErrorKind,
  type ClientErrorReport,
  type IslandName,
} from "@domain/islands";

/**
 * Tells the server that the page's form island failed (docs/decisions/027-island-failures.md):
 * which island, what kind of failure, a fixed phrase for the error's message (never its words:
 * decision 038), and the script it names. Never the form's values. Sent once per kind and page;
 * a failed report is dropped (the page works as a plain form either way).
 */

let island: IslandName | undefined;
const sent = new Set<ClientErrorKind>();

/** The island this page runs (set by app/islands/mount.tsx); reports are sent only for an island. */
export function reportingIsland(name: IslandName): void {
  island = name;
}

/** The report for an error, as it is sent. */
export function clientErrorReport(name: IslandName, kind: ClientErrorKind, error?: unknown): ClientErrorReport {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === "string" ? error : "";
  const message = text ? clientErrorMessage(text) : undefined;
  const script = text ? reportedScriptIn(text) : undefined;
  return { island: name, kind, ...(message ? { message } : {}), ...(script ? { script } : {}) };
}

export function reportClientError(kind: ClientErrorKind, error?: unknown): void {
  if (!island || sent.has(kind)) return;
  sent.add(kind);
  const body = JSON.stringify(clientErrorReport(island, kind, error));
  try {
    void fetch(CLIENT_ERRORS_PATH, {
      method: "POST",
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body,
    }).catch(() => {});
  } catch {
    // No fetch: nothing to report with.
  }
}
