import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
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
);
