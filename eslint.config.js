import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The server's floors, bottom up (docs/ARCHITECTURE.md): the base (server/base:
 * configuration, logging, paths, tokens, private files), the database
 * (server/db), the shared services (request plumbing, jobs, mail, audit), the
 * capabilities in the order they may build on each other, the composition that
 * wires them into routes and the load context (server/composition), the HTTP
 * edge (server/http), and the entry points (server/app.ts, server/index.ts).
 * An import may run down or sideways within a folder, never up.
 */
const BASE = "./server/base";
const DB = "./server/db";
const SERVICES = ["requests", "jobs", "mail", "audit"];
const CAPABILITIES = [
  "texts",
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
const COMPOSITION = "./server/composition";
const HTTP = "./server/http";
const ENTRY = ["./server/app.ts", "./server/index.ts"];
const dir = (name) => `./server/${name}`;
/** What each capability may not import: the capabilities that build on it. */
const ABOVE = {
  texts: CAPABILITIES.filter((c) => c !== "texts"),
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
/** Sub-capabilities with a face: outside code imports only their index.ts. */
const FACES = [
  "./server/appointments/booking",
  "./server/appointments/earlier",
  "./server/appointments/private-link",
  "./server/appointments/front-desk",
  "./server/appointments/notices",
  "./server/appointments/worklist",
  "./server/appointments/images",
  "./server/appointments/reports",
  "./server/texts",
];
const APPOINTMENTS_PARTS = [
  "./server/appointments/booking",
  "./server/appointments/earlier",
  "./server/appointments/private-link",
  "./server/appointments/front-desk",
  "./server/appointments/notices",
  "./server/appointments/worklist",
  "./server/appointments/images",
  "./server/appointments/reports",
];
const EVERYWHERE = [
  "./app",
  "./scripts",
  BASE,
  DB,
  ...SERVICES.map(dir),
  ...CAPABILITIES.map(dir),
  COMPOSITION,
  HTTP,
  ...ENTRY,
];
const serverZones = [
  {
    target: BASE,
    from: [DB, ...SERVICES.map(dir), ...CAPABILITIES.map(dir), COMPOSITION, HTTP, ...ENTRY],
    message: "server/base/ is the ground floor of the server: it imports only server/base/, domain/ and packages.",
  },
  {
    target: DB,
    from: [...SERVICES.map(dir), ...CAPABILITIES.map(dir), COMPOSITION, HTTP, ...ENTRY],
    message: "server/db/ builds on server/base/ only: no shared service, capability, composition or HTTP edge.",
  },
  ...SERVICES.map(dir).map((target) => ({
    target,
    from: [...CAPABILITIES.map(dir), COMPOSITION, HTTP, ...ENTRY],
    message: "The shared services (requests, jobs, mail, audit) import no capability, no composition and no HTTP edge.",
  })),
  ...CAPABILITIES.map((c) => ({
    target: dir(c),
    from: [...ABOVE[c].map(dir), COMPOSITION, HTTP, ...ENTRY],
    message: `server/${c}/ may not import a capability that builds on it, the composition, the HTTP edge or the entry points.`,
  })),
  {
    target: COMPOSITION,
    from: [HTTP, ...ENTRY],
    message: "server/composition/ may not import the HTTP edge (server/http/) or the entry points.",
  },
  { target: HTTP, from: ENTRY, message: "server/http/ may not import the entry points (app.ts, index.ts)." },
  // A sub-capability's files are private to it: others import its face, index.ts.
  ...FACES.map((face) => ({
    target: [
      ...EVERYWHERE.filter((place) => !face.startsWith(`${place}/`) && place !== face),
      ...(face.startsWith("./server/appointments/")
        ? [...APPOINTMENTS_PARTS.filter((part) => part !== face), "./server/appointments/*.ts"]
        : []),
    ],
    from: face,
    except: ["./index.ts"],
    message: `Import ${face.slice(2)}/ through its face, ${face.slice(2)}/index.ts.`,
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
    // Every spec takes its test from one module: a file whose worker fixtures differ gets workers (and
    // browsers) of its own (tests/e2e/fixtures.ts, decision 087).
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import test and expect from ./fixtures, which every spec shares.",
            },
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
