import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/lib/prerender-paths";

export default {
  appDirectory: "app",
  ssr: true,
  // Every public page is rendered to static HTML at build time.
  prerender: () => [...PRERENDERED_PATHS],
} satisfies Config;
