import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

/**
 * How the server treats the next messages: accept; refuse the message with a 4xx (try later) or 5xx (never);
 * refuse the connection (421 at the greeting); drop the connection after the message's data but before
 * answering (not accepted); or accept the message, keep it, and drop the connection before the client hears
 * the 250 (accepted, but the answer is lost).
 */
export type SmtpBehaviour =
  | "accept"
  | "refuse-transient"
  | "refuse-permanent"
  | "refuse-connection"
  | "drop-before-accept"
  | "drop-after-accept";

export type ReceivedMail = {
  messageId: string | undefined;
  raw: string;
  from: string;
  to: string[];
  /** performance.now() when the server kept it. */
  receivedAt: number;
};

export type SmtpTestServer = {
  url: string;
  port: number;
  /** Every message the server accepted (kept), in order. */
  received: ReceivedMail[];
  /** Applies to the next `count` messages (default: all following ones), then back to accepting. */
  behave(behaviour: SmtpBehaviour, count?: number): void;
  /** Messages per Message-ID header. */
  copiesOf(messageId: string): number;
  /** Resolves when `count` messages have been kept in total. */
  waitForCount(count: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real SMTP server (smtp-server, by nodemailer's authors) on a loopback port (a free one unless `port` is
 * given: a mail server started again where it was), without TLS or login.
 */
export async function startSmtpTestServer({
  port: wanted = 0,
}: {
  port?: number;
} = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let plan: { behaviour: SmtpBehaviour; left: number } = { behaviour: "accept", left: Infinity };
  const waiters: { count: number; resolve: () => void }[] = [];
  const next = (): SmtpBehaviour => {
    if (plan.left <= 0) plan = { behaviour: "accept", left: Infinity };
    plan.left--;
    return plan.behaviour;
  };
  const current = (): SmtpBehaviour => (plan.left <= 0 ? "accept" : plan.behaviour);

  const dropConnection = (session: SMTPServerSession) => {
    for (const connection of server.connections as Set<{ id: string; _socket?: { destroy(): void } }>) {
      if (connection.id === session.id) connection._socket?.destroy();
    }
  };

  const server: SMTPServer & { connections: Set<unknown> } = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onConnect(_session, callback) {
      if (current() === "refuse-connection") {
        next();
        const error = Object.assign(new Error("Service not available, try again later"), {
          responseCode: 421,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const behaviour = next();
        const raw = Buffer.concat(chunks).toString("utf8");
        if (behaviour === "drop-before-accept") return dropConnection(session);
        if (behaviour === "refuse-transient")
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        if (behaviour === "refuse-permanent")
          return callback(Object.assign(new Error("Message refused"), { responseCode: 554 }));
        received.push({
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1],
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          receivedAt: performance.now(),
        });
        for (const waiter of [...waiters]) {
          if (received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        if (behaviour === "drop-after-accept") return dropConnection(session);
        callback();
      });
    },
  }) as SMTPServer & { connections: Set<unknown> };
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behave(behaviour, count = Infinity) {
      plan = { behaviour, left: count };
      // Connections already open (a client's pool) would never see a refusal at the greeting.
      if (behaviour === "refuse-connection")
        for (const connection of server.connections as Set<{ _socket?: { destroy(): void } }>)
          connection._socket?.destroy();
    },
    copiesOf(messageId) {
      return received.filter((mail) => mail.messageId === messageId).length;
    },
    waitForCount(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A received message's raw text with quoted-printable soft breaks joined and its bytes decoded (UTF-8). */
export const decodedMail = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/g, "%$1"),
  );
