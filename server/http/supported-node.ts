/**
 * The Node.js release the server and the maintenance commands run on: a
 * supported LTS line (decision 023). `npm install` brings it (the npm
 * registry's `node` package, in node_modules/.bin), and `npm start` and the
 * commands run on it (package.json names no `engines`: npm checks them against the Node npm
 * itself runs on, which need not be this one; decision 023). This module
 * imports nothing, so the compiled entry points (scripts/build-server.ts) can
 * run it before they load anything that would fail on an older Node in a less
 * readable way (a native addon built for this one).
 */

/** The oldest release accepted: Node 24's first LTS release. */
export const MINIMUM_NODE = "24.11.0";

function parts(version: string): number[] {
  return version
    .replace(/^v/, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Why `version` (default: this process's) is refused, or undefined when it is supported. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [minMajor = 0, minMinor = 0, minPatch = 0] = parts(MINIMUM_NODE);
  const supported = major !== minMajor ? major > minMajor : minor !== minMinor ? minor > minMinor : patch >= minPatch;
  if (supported) return undefined;
  return (
    `The clinic's server and its commands need Node.js ${MINIMUM_NODE} or newer; this is Node.js ${version.replace(/^v/, "")}, ` +
    `which no longer gets security fixes. Run it through npm (npm start, npm run staff, …), ` +
    `which uses the Node that npm install brought (node_modules/.bin/node), or install Node.js 24.`
  );
}

/** Stops the process with the reason when it runs on an unsupported Node. */
export function exitUnlessSupportedNode(): void {
  const message = unsupportedNodeMessage();
  if (message) {
    console.error(message);
    process.exit(78); // EX_CONFIG, as for a bad setting
  }
}
