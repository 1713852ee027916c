/**
 * Browser helpers for the public JSON API: JSON posts and file uploads with
 * progress, both carrying an Idempotency-Key, both answering one result shape
 * so the forms never deal with exceptions or raw responses.
 */

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message: string }
  | {
      ok: false;
      /** HTTP status, or 0 when the request never got an answer (offline, aborted). */
      status: number;
      /** The server's message, when it sent one. */
      message: string | undefined;
      /** Field errors from a 400, keyed by dotted path (e.g. `service.paymentMethod`). */
      errors: Record<string, string>;
      /** The rest of the answer's body, for a refusal that says more (a taken time's `alternatives`). */
      details?: Record<string, unknown>;
    };

/** A fresh idempotency key: one per form instance, renewed after each definite answer. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; fall back to getRandomValues (always available).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when the server has given a definite answer about this request, so
 * the same key must not be reused for a changed body. Unknown outcomes
 * (no answer, 5xx) keep the key so a retry cannot create a second record.
 */
export function isDefiniteAnswer(status: number): boolean {
  return status >= 200 && status < 500;
}

function parseBody(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function toResult<T>(status: number, text: string): ApiResult<T> {
  const body = parseBody(text);
  const message = typeof body?.message === "string" ? body.message : undefined;
  if (status >= 200 && status < 300) {
    return { ok: true, status, data: (body?.data ?? {}) as T, message: message ?? "" };
  }
  const errors: Record<string, string> = {};
  if (body?.errors && typeof body.errors === "object") {
    for (const [key, value] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof value === "string") errors[key] = value;
      else if (Array.isArray(value) && typeof value[0] === "string") errors[key] = value[0];
    }
  }
  return { ok: false, status, message, errors, ...(body ? { details: body } : {}) };
}

/** POST a JSON body. Never throws. */
export async function postJson<T>(url: string, body: unknown, idempotencyKey: string): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": idempotencyKey },
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
    return toResult<T>(response.status, await response.text());
  } catch {
    return { ok: false, status: 0, message: undefined, errors: {} };
  }
}

/** GET JSON. Never throws. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, signal });
    const text = await response.text();
    if (!response.ok) return toResult<T>(response.status, text);
    const body = parseBody(text);
    return { ok: true, status: response.status, data: (body ?? {}) as T, message: "" };
  } catch {
    return { ok: false, status: 0, message: undefined, errors: {} };
  }
}

/**
 * Uploads one file as multipart field `file` with XMLHttpRequest, whose
 * upload progress events fetch does not offer. `onProgress` gets 0…1.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  { idempotencyKey, onProgress }: { idempotencyKey: string; onProgress?: (fraction: number) => void },
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("idempotency-key", idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) onProgress?.(1);
      resolve(toResult<T>(xhr.status, xhr.responseText));
    };
    const failed = () => resolve({ ok: false, status: 0, message: undefined, errors: {} });
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
