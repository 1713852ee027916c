/**
 * Staff accounts, from the command line:
 *   npm run staff -- add --email EMAIL --name "NAME" [--role manager|reception|radiologist]
 *       (password from STAFF_PASSWORD, or prompted without echo; without --role, the first
 *       account is a manager and later ones reception)
 *   npm run staff -- list
 *   npm run staff -- role --email EMAIL --role manager|reception|radiologist
 *   npm run staff -- disable --email EMAIL
 *   npm run staff -- enable --email EMAIL            (a disabled account signs in again; audited)
 *   npm run staff -- reset-mfa EMAIL                   (clears the second factor and recovery codes; audited)
 * Uses the same configuration (DATA_DIR, DATABASE_URL) as the server.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/base/config";
import { migrate, openDb } from "../server/db/index";
import { isRefusal, refusalWords, type Refusal } from "../server/db/outcome";
import {
  accountProblems,
  createStaffAccount,
  disableStaffAccount,
  enableStaffAccount,
  listStaffAccounts,
  setStaffRole,
} from "../server/staff/accounts";
import { MIN_PASSWORD_LENGTH } from "../domain/staff-limits";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../domain/staff-roles";
import { resetSecondFactor } from "../server/staff/second-factor";

const USAGE = `Usage:
  npm run staff -- add --email EMAIL --name "NAME" [--role manager|reception|radiologist]
      (password from STAFF_PASSWORD or a prompt; at least ${MIN_PASSWORD_LENGTH} characters;
       without --role: a manager when there is no manager yet, reception after that)
  npm run staff -- list
  npm run staff -- role --email EMAIL --role manager|reception|radiologist
  npm run staff -- disable --email EMAIL   (never the last active manager)
  npm run staff -- enable --email EMAIL    (a disabled account can sign in again, with its own password and two-step sign-in)
  npm run staff -- reset-mfa EMAIL   (clears two-step sign-in and recovery codes; the next sign-in sets it up again)`;

let pipedLines: Promise<string[]> | undefined;

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    // Piped input: one password per line.
    pipedLines ??= (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
    })();
    return (await pipedLines).shift() ?? "";
  }
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          reject(new Error("Cancelled"));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** A refusal (bad input, a taken address, the last manager): its words, and exit status 1. */
function refusedWith(refusal: Refusal<string>): number {
  console.error(refusalWords(refusal));
  return 1;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length && command !== "reset-mfa") {
    console.error(USAGE);
    return 64;
  }
  let role: StaffRole | undefined;
  if (values.role !== undefined) {
    if (!isStaffRole(values.role)) {
      console.error(`--role must be one of: ${STAFF_ROLES.join(", ")}.`);
      return 64;
    }
    role = values.role;
  }
  const config = loadConfig();
  const db = openDb(config);
  try {
    await migrate(db);
    switch (command) {
      case "add": {
        if (!values.email || !values.name) {
          console.error(USAGE);
          return 64;
        }
        // Refused before the password is asked for (createStaffAccount checks both again).
        const problems = accountProblems({ email: values.email, name: values.name });
        if (problems.email || problems.name) return refusedWith({ kind: "invalid", errors: problems });
        let password = process.env.STAFF_PASSWORD ?? "";
        if (!password) {
          password = await promptHidden(
            `Password (at least ${MIN_PASSWORD_LENGTH} characters, not common or easy to guess): `,
          );
          const again = await promptHidden("Password again: ");
          if (password !== again) {
            console.error("The passwords do not match.");
            return 1;
          }
        }
        const created = await createStaffAccount(db, { email: values.email, name: values.name, password, role });
        if (isRefusal(created)) return refusedWith(created);
        const { staff } = created;
        console.log(`Created staff account ${staff.email} (${staff.name}), role ${ROLE_LABELS[staff.role]}.`);
        return 0;
      }
      case "list": {
        const rows = await listStaffAccounts(db);
        if (rows.length === 0)
          console.log('No staff accounts. Add one with: npm run staff -- add --email EMAIL --name "NAME"');
        for (const r of rows) {
          console.log(
            `${r.email}\t${r.name}\t${ROLE_LABELS[r.role]}\t${r.disabled ? "disabled" : "active"}\tlast sign-in ${r.last_sign_in_at ?? "never"}`,
          );
        }
        return 0;
      }
      case "role": {
        if (!values.email || !role) {
          console.error(USAGE);
          return 64;
        }
        const changed = await setStaffRole(db, values.email, role);
        if (isRefusal(changed)) return refusedWith(changed);
        console.log(`${values.email.trim().toLowerCase()} is now ${ROLE_LABELS[role]}.`);
        return 0;
      }
      case "disable": {
        if (!values.email) {
          console.error(USAGE);
          return 64;
        }
        const changed = await disableStaffAccount(db, values.email);
        if (isRefusal(changed)) return refusedWith(changed);
        console.log(`Disabled ${values.email.trim().toLowerCase()} and ended its sessions.`);
        return 0;
      }
      case "enable": {
        if (!values.email) {
          console.error(USAGE);
          return 64;
        }
        const changed = await enableStaffAccount(db, values.email);
        if (isRefusal(changed)) return refusedWith(changed);
        console.log(`Enabled ${values.email.trim().toLowerCase()}: it can sign in again.`);
        return 0;
      }
      case "reset-mfa": {
        const email = values.email ?? positionals[0];
        if (!email || positionals.length > 1) {
          console.error(USAGE);
          return 64;
        }
        const changed = await resetSecondFactor(db, email);
        if (isRefusal(changed)) return refusedWith(changed);
        console.log(
          `Reset two-step sign-in for ${email.trim().toLowerCase()}: its recovery codes are deleted, its sessions ended, and the next sign-in sets it up again.`,
        );
        return 0;
      }
      default:
        console.error(USAGE);
        return 64;
    }
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
