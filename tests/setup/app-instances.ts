import { type ChildProcess, spawn } from "node:child_process";

// App instances in processes of their own (tests/setup/outbox-instance.ts) on one database, for the tests
// that several instances never send a message twice (app/server/messaging/outbox-instances.test.ts,
// app/server/notifications/notification-instances.test.ts).

const instances: ChildProcess[] = [];

export type AppInstance = { stop(): Promise<{ sent: number }> };

/**
 * Starts an outbox worker (and, with `notifications`, the notification scheduler) as the app starts them, in a
 * process of its own; resolves once it listens. `stop` ends it and tells how many messages the SMTP server
 * accepted from it.
 */
export function startOutboxInstance({
  databaseUrl,
  smtpUrl,
  notifications = false,
}: {
  databaseUrl: string;
  smtpUrl: string;
  notifications?: boolean;
}): Promise<AppInstance> {
  const child = spawn(process.execPath, ["tests/setup/outbox-instance.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      OUTBOX_POLL_MS: "500",
      NOTIFICATIONS: notifications ? "1" : "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  instances.push(child);
  let output = "";
  const lines: ((line: string) => void)[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    let end = output.indexOf("\n");
    while (end >= 0) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      for (const listener of lines) listener(line);
      end = output.indexOf("\n");
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const listener = (line: string) => {
        lines.splice(lines.indexOf(listener), 1);
        resolve(line);
      };
      lines.push(listener);
      child.once("exit", (code) => reject(new Error(`The outbox instance exited (${code})`)));
    });
  return nextLine().then((ready) => {
    if (ready !== "ready") throw new Error(`The outbox instance said ${JSON.stringify(ready)}, not 'ready'`);
    return {
      async stop() {
        const last = nextLine();
        child.kill("SIGTERM");
        return JSON.parse(await last) as { sent: number };
      },
    };
  });
}

/** Kills every instance still running (a failed test's afterAll). */
export function killInstances() {
  for (const child of instances) if (child.exitCode === null) child.kill("SIGKILL");
}
