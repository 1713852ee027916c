import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered on the server. Empty in the
 * browser and in prerendered pages, whose inline scripts are allowed by
 * build-time hashes instead (scripts/postbuild.ts).
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
