import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * A font file stays a file, in both builds (the extra letters' is under Vite's 4 KB inlining limit): the
 * Setswana pages preload it by its address, and as a data: URL in the stylesheet every English page would
 * carry it too (decision 078).
 */
const fontsStayFiles = (file: string) => (file.endsWith(".woff2") ? false : undefined);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The server build bundles the icons it uses: importing lucide-react whole at run time
  // loads about 1,600 modules (some 40 MB and most of a second at the server's start).
  ssr: { noExternal: ["lucide-react"] },
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app"), "@domain": path.resolve(import.meta.dirname, "domain") },
  },
  build: isSsrBuild
    ? { assetsInlineLimit: fontsStayFiles }
    : {
        assetsInlineLimit: fontsStayFiles,
        rolldownOptions: {
          output: {
            // Fewer requests for the browser: on slow mobile links each one costs a
            // round trip and its headers. The framework every page needs is one chunk
            // instead of four; page code keeps the default per-route splitting.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The catalogue stays a chunk of its own, not merged into root's: the
                // lazily loaded form validation imports it, and would otherwise pull
                // in root's chunk and mark root's stylesheet as dynamically loaded.
                { name: "catalogue", test: /[\\/]domain[\\/]catalogue\.ts$/ },
              ],
            },
          },
        },
      },
}));
