// `npm run admin -- <command>`: manages admin accounts on the server. Passwords are read from a prompt or
// standard input, never from the command line (it would stay in the shell history and the process list).
import { parseArgs } from "node:util";
import { isStaffRole, ROLE_LABELS } from "#app/lib/roles.ts";
import { adminNameField } from "#app/schemas/admin-user.ts";
import { emailField } from "#app/schemas/login.ts";
import { newPasswordSchema } from "#app/schemas/password.ts";
import { clearLoginFailures } from "#app/server/auth/login-throttle.server.ts";
import { deleteUserSessions } from "#app/server/auth/sessions.server.ts";
import { type Database, migrateDatabase, openConfiguredDatabase } from "#app/server/db/client.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import {
  createAdminUser,
  findAdminByEmail,
  listAdminUsers,
  setAdminPassword,
} from "#app/server/staff/staff-accounts.server.ts";

const USAGE = `Usage:
  npm run admin -- create --email you@example.com [--name "Your Name"] [--role administrator|operations|accounts|editor]
  npm run admin -- reset-password --email you@example.com
  npm run admin -- list

The password is asked for at a prompt, or read from the first line of standard input
(e.g. printf '%s\\n' "$PASSWORD" | npm run admin -- create --email you@example.com).
It must be at least 12 characters and not a common password. A created account is an Administrator
unless --role says otherwise.
It works while the site runs: on the embedded database it joins the running server.`;

class UsageError extends Error {}
/** A failure to report in one sentence, without a stack trace. */
class CliError extends Error {}

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Reads one password: hidden at a terminal prompt (asked twice), else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text.split(/\r?\n/)[0] ?? "";
  }
  const first = await promptHidden("Password: ");
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) fail("The passwords do not match.");
  return first;
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (input: string) => {
      for (const char of input) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          stdin.setRawMode(false);
          process.stdout.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

function parseCommand(argv: string[]) {
  if (argv.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    throw new UsageError(
      "Passwords are not accepted on the command line. Leave out --password: you will be asked for it " +
        "(or pipe it on standard input).",
    );
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) throw new UsageError(USAGE);
  if (command === "list") return { command } as const;
  if (command !== "create" && command !== "reset-password")
    throw new UsageError(`Unknown command '${command}'.\n\n${USAGE}`);
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) throw new UsageError(`--email: ${email.error.issues[0]?.message}\n\n${USAGE}`);
  const name = adminNameField.safeParse(values.name);
  if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message}`);
  const role = values.role ?? "administrator";
  if (!isStaffRole(role) || (command !== "create" && values.role !== undefined))
    throw new UsageError(`--role: administrator, operations, accounts or editor (create only).\n\n${USAGE}`);
  return { command, email: email.data, name: name.data, role } as const;
}

async function openAppDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

async function main() {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2);
  }

  let password = "";
  if (command.command !== "list") {
    password = await readPassword();
    const rules = newPasswordSchema.safeParse(password);
    if (!rules.success) fail(rules.error.issues[0]?.message ?? "The password is not allowed.");
  }

  let database: Database;
  try {
    database = await openAppDatabase();
  } catch (error) {
    if (error instanceof Error && /^(ConfigError|EmbeddedDatabaseError)$/.test(error.name))
      fail(error.message);
    throw error;
  }
  const { db } = database;
  try {
    if (command.command === "list") {
      const users = await listAdminUsers({ db });
      if (users.length === 0) console.log("No admin accounts yet.");
      for (const user of users) {
        const lastLogin = user.lastLogin ? user.lastLogin.toISOString() : "never";
        const status = user.disabledAt ? "\tdisabled" : "";
        console.log(
          `${user.email}\t${user.name ?? ""}\t${ROLE_LABELS[user.role]}\tlast login: ${lastLogin}${status}`,
        );
      }
    } else if (command.command === "create") {
      if (await findAdminByEmail({ db, email: command.email })) {
        throw new CliError(
          `An admin account for ${command.email} already exists. Use reset-password to change its password.`,
        );
      }
      const created = await createAdminUser({
        db,
        email: command.email,
        name: command.name,
        password,
        role: command.role,
      });
      if (!created) throw new CliError(`An admin account for ${command.email} already exists.`);
      console.log(
        `Created the admin account ${command.email} (${ROLE_LABELS[command.role]}). Log in at /admin-login.`,
      );
    } else {
      const user = await findAdminByEmail({ db, email: command.email });
      if (!user) throw new CliError(`There is no admin account for ${command.email}.`);
      await setAdminPassword({ db, userId: user.id, password, mustChangePassword: false });
      await deleteUserSessions({ db, userId: user.id });
      await clearLoginFailures({ db, email: user.email });
      console.log(`Changed the password of ${user.email}; all of its sessions were ended.`);
    }
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof CliError) fail(error.message);
  throw error;
}
