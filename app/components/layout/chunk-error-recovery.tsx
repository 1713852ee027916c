import { useEffect } from "react";
import { recoverFromChunkError } from "./chunk-error";

/**
 * Vite announces a failed lazy import (or one of its preloaded files) with a
 * `vite:preloadError` event on window: reload the page once for this URL.
 * The error still propagates, so a second failure reaches the error screen.
 */
export function ChunkErrorRecovery() {
  useEffect(() => {
    const onPreloadError = () => {
      recoverFromChunkError();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
  return null;
}
