import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The server's floors, bottom up (docs/ARCHITECTURE.md): the base (configuration,
 * database, files), the shared services (request plumbing, jobs, mail, audit),
 * the capabilities in the order they may build on each other, and the
 * composition that wires them into one Fastify app. An import may run down or
 * sideways within a folder, never up.
 */
const SERVICES = ["requests", "jobs", "mail", "audit"];
const CAPABILITIES = [
  "messages",
  "staff",
  "closures",
  "uploads",
  "enquiries",
  "appointments",
  "privacy",
  "operations",
  "backup",
  "client-errors",
];
const COMPOSITION = [
  "./server/app.ts",
  "./server/index.ts",
  "./server/public-api.ts",
  "./server/public-forms.ts",
  "./server/staff-console.ts",
  "./server/load-context.ts",
];
const dir = (name) => `./server/${name}`;
/** What each capability may not import: the capabilities that build on it. */
const ABOVE = {
  messages: CAPABILITIES.filter((c) => c !== "messages"),
  staff: ["closures", "uploads", "enquiries", "appointments", "privacy", "backup", "client-errors", "operations"],
  closures: ["uploads", "enquiries", "appointments", "privacy", "backup", "client-errors", "staff", "operations"],
  uploads: ["enquiries", "appointments", "privacy", "backup", "client-errors", "staff", "closures", "operations"],
  enquiries: ["appointments", "privacy", "backup", "client-errors", "operations"],
  appointments: ["privacy", "backup", "client-errors", "operations"],
  privacy: ["backup", "client-errors", "operations"],
  backup: ["privacy", "client-errors", "appointments", "enquiries", "staff", "closures", "operations"],
  operations: ["client-errors"],
  "client-errors": CAPABILITIES.filter((c) => c !== "client-errors"),
};
const serverZones = [
  // The base and the shared services import no capability and no composition.
  ...["./server/db", "./server/runtime.ts", "./server/config.ts", "./server/logger.ts", ...SERVICES.map(dir)].map(
    (target) => ({
      target,
      from: [...CAPABILITIES.map(dir), ...COMPOSITION],
      message:
        "The server's base and shared services (db, requests, jobs, mail, audit) import no capability and no composition.",
    }),
  ),
  // The base builds on nothing of the server above it: not even the shared services (issue 34).
  {
    target: ["./server/db", "./server/runtime.ts", "./server/config.ts", "./server/logger.ts"],
    from: SERVICES.map(dir),
    message: "The server's base (db, runtime, config, logger) imports no shared service (requests, jobs, mail, audit).",
  },
  ...CAPABILITIES.map((c) => ({
    target: dir(c),
    from: [...ABOVE[c].map(dir), ...COMPOSITION],
    message: `server/${c}/ may not import a capability that builds on it, nor the composition (app.ts, public-api.ts, staff-console.ts, load-context.ts).`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
      "domain/paraglide/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The ground floor: domain facts and rules build on nothing of ours above them.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "**/server/**", "**/scripts/**", "~/*"],
              message: "domain/ is the ground floor: it may not import app/, server/ or scripts/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server builds on domain/ and never reaches up into the React app.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "**/scripts/**", "~/*"],
              message: "server/ may import domain/ but not app/ or scripts/.",
            },
          ],
        },
      ],
    },
  },
  {
    // No part of app/ reaches into scripts/ (build and maintenance tools build on app/, not the reverse).
    files: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/scripts/**"], message: "app/ may not import scripts/." }] },
      ],
    },
  },
  {
    // The browser bundle must never import server code.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "../../server/**"], message: "Import server code only from *.server.ts modules." },
            { group: ["**/scripts/**"], message: "app/ may not import scripts/." },
          ],
        },
      ],
    },
  },
  {
    // No circles anywhere, and the server's floors (above) hold.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "domain/**/*.ts", "scripts/**/*.{ts,mjs}"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: serverZones }],
    },
  },
);
