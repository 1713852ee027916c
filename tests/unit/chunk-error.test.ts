import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ChunkLoadError,
  RELOAD_KEY_PREFIX,
  canReloadOnce,
  isChunkLoadError,
  loadChunk,
  reloadOnce,
  toChunkLoadError,
} from "~/components/layout/chunk-error";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe("reloadOnce", () => {
  it("reloads a URL the first time only", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, "/", reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.map.has(`${RELOAD_KEY_PREFIX}/`)).toBe(true);

    expect(reloadOnce(storage, "/", reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(canReloadOnce(storage, "/")).toBe(false);
  });

  it("keeps a separate allowance per URL, query included", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, "/", reload)).toBe(true);
    expect(reloadOnce(storage, "/about", reload)).toBe(true);
    expect(reloadOnce(storage, "/details?name=x-ray", reload)).toBe(true);
    expect(reloadOnce(storage, "/about", reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("never reloads when storage is missing or throws, so a loop is impossible", () => {
    const reload = vi.fn();
    expect(reloadOnce(null, "/", reload)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(reloadOnce(blocked, "/", reload)).toBe(false);
    const readOnly = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadOnce(readOnly, "/", reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("chunk failures", () => {
  it("recognises the messages browsers use for failed module scripts", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/map-embed-Ab1.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x/assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/home-1.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("names the chunk, the failure type and the address", () => {
    const error = toChunkLoadError(
      new TypeError("Failed to fetch dynamically imported module: http://127.0.0.1/assets/about-D3gL.js"),
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.chunkId).toBe("about-D3gL");
    expect(error.address).toBe("http://127.0.0.1/assets/about-D3gL.js");
    expect(error.message).toBe("Loading chunk about-D3gL failed.\n(error: http://127.0.0.1/assets/about-D3gL.js)");
  });

  it("loadChunk passes a loaded module through", async () => {
    await expect(loadChunk("x", async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("loadChunk turns an import failure into a ChunkLoadError with the given id", async () => {
    const failing = () =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://h/assets/map-embed-Q1.js"));
    await expect(loadChunk("map-embed", failing)).rejects.toMatchObject({
      name: "ChunkLoadError",
      chunkId: "map-embed",
      type: "error",
      message: "Loading chunk map-embed failed.\n(error: http://h/assets/map-embed-Q1.js)",
    });
  });

  describe("time-out", () => {
    afterEach(() => vi.useRealTimers());
    it("gives up after the script load time-out (120 s)", async () => {
      vi.useFakeTimers();
      const pending = loadChunk("slow", () => new Promise<never>(() => {}));
      const assertion = expect(pending).rejects.toMatchObject({ chunkId: "slow", type: "timeout" });
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      pending.catch(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await assertion;
    });
  });
});
