/**
 * Recovery from lazily loaded script chunks that fail to load, most often
 * because a new release replaced the hashed files the open page still
 * refers to. The page reloads once per URL (remembered in sessionStorage, so
 * a chunk that is truly missing cannot cause a reload loop); after that the
 * failure is shown as "Loading chunk {id} failed. ({type}: {address})".
 */

/** How long a lazily loaded script may take before it counts as failed. */
const SCRIPT_LOAD_TIMEOUT_SECONDS = 120;

export type ChunkFailureType = "error" | "timeout";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(
    readonly chunkId: string,
    readonly type: ChunkFailureType,
    readonly address: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunkId} failed.\n(${type}: ${address})`, options);
  }
}

/** Messages browsers and Vite use when a module script or its CSS cannot be fetched. */
const CHUNK_FAILURE =
  /Loading chunk \S+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

const ADDRESS = /(?:https?:\/\/|\/)[^\s)'"]+?\.(?:m?js|css)\b/;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** The chunk's name from its address: ".../assets/map-embed-Ab12.js" → "map-embed-Ab12". */
function chunkIdFromAddress(address: string): string {
  const file = (address.split(/[?#]/)[0] ?? "").split("/").pop() ?? "";
  return file.replace(/\.(m?js|css)$/, "") || "unknown";
}

/** Any chunk failure, normalised to a ChunkLoadError (id, failure type, address). */
export function toChunkLoadError(error: unknown, chunkId?: string): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const address = message.match(ADDRESS)?.[0] ?? "unknown address";
  return new ChunkLoadError(chunkId ?? chunkIdFromAddress(address), "error", address, { cause: error });
}

/**
 * Runs a dynamic import with the script load time-out (120 s); a
 * failure or time-out becomes a ChunkLoadError naming the chunk.
 */
export function loadChunk<T>(
  chunkId: string,
  importer: () => Promise<T>,
  timeoutMs = SCRIPT_LOAD_TIMEOUT_SECONDS * 1000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, "timeout", `chunk ${chunkId}`)), timeoutMs);
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error, chunkId));
      },
    );
  });
}

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

export const RELOAD_KEY_PREFIX = "chunk-reload:";

let reloadPending = false;

/** True once a recovery reload has been started in this document. */
export function isReloadPending(): boolean {
  return reloadPending;
}

/** Whether this URL may still be reloaded to recover (never twice in one tab session). */
export function canReloadOnce(storage: KeyValueStore | null | undefined, url: string): boolean {
  if (!storage) return false;
  try {
    return storage.getItem(RELOAD_KEY_PREFIX + url) === null;
  } catch {
    return false; // storage blocked: showing the error beats risking a loop
  }
}

/**
 * Reloads the page once per URL. Returns true when a reload was started,
 * false when this URL was already reloaded (the caller then shows the error).
 */
export function reloadOnce(storage: KeyValueStore | null | undefined, url: string, reload: () => void): boolean {
  if (!canReloadOnce(storage, url)) return false;
  try {
    storage!.setItem(RELOAD_KEY_PREFIX + url, new Date().toISOString());
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The browser's session storage, or null where it is unavailable (server, privacy modes). */
export function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function currentUrl(): string {
  return window.location.pathname + window.location.search;
}

/** The default recovery in the browser: reload this URL once. */
export function recoverFromChunkError(): boolean {
  if (reloadPending) return true;
  reloadPending = reloadOnce(sessionStore(), currentUrl(), () => window.location.reload());
  return reloadPending;
}
