import { createContext, useContext } from "react";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce, set by the Fastify server (server/security-headers.ts). */
    cspNonce?: string;
  }
}

/**
 * The CSP nonce of the response being rendered on the server. Empty in the
 * browser and in prerendered pages, whose inline scripts are allowed by
 * build-time hashes instead (scripts/postbuild.ts).
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
