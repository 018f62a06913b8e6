import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { NO_SMTP_NOTE, queueMail, resolveMailFrom } from "#app/server/messaging/mail.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger("silent");
const mail = { to: "ops@example.com", subject: "Hello", text: "Line one\nLine two" };
const siteUrl = "https://freight.example.com";

describe("queueMail", () => {
  it("without SMTP keeps the message (never to be sent later), logs it and writes it to OUTBOX_DIR", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const result = await queueMail({
      db: database.db,
      config: { OUTBOX_DIR: dir, siteUrl },
      logger,
      mail,
    });
    if (!result.ok) throw new Error(result.reason);
    const { id, messageId, queued } = result;
    expect(queued).toBe(false);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ ...mail, channel: "email", messageId, status: "cancelled", sentAt: null });
    expect(row!.lastError).toBe(NO_SMTP_NOTE);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8"))).toMatchObject({
      id,
      messageId,
      ...mail,
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("inside a transaction the OUTBOX_DIR file is written once the row is committed, and never if it rolls back", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const config = { OUTBOX_DIR: dir, siteUrl };
    let filesBeforeCommit = -1;
    const id = await database.db.transaction(async (tx) => {
      const result = await queueMail({ db: tx, config, logger, mail });
      if (!result.ok) throw new Error(result.reason);
      filesBeforeCommit = fs.readdirSync(dir).length;
      return result.id;
    });
    expect(filesBeforeCommit).toBe(0);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8"))).toMatchObject({ id });

    const rolledBack = database.db.transaction(async (tx) => {
      await queueMail({ db: tx, config, logger, mail: { ...mail, to: "rolled-back@example.com" } });
      throw new Error("the caller gives up");
    });
    await expect(rolledBack).rejects.toThrow("the caller gives up");
    expect(fs.readdirSync(dir)).toHaveLength(1);
    const kept = await database.db.select().from(outbox).where(eq(outbox.to, "rolled-back@example.com"));
    expect(kept).toHaveLength(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("with SMTP queues the message for the worker, even when the server cannot be reached now", async () => {
    const result = await queueMail({
      db: database.db,
      config: { SMTP_URL: "smtp://127.0.0.1:1", siteUrl },
      logger,
      mail,
    });
    if (!result.ok) throw new Error(result.reason);
    const { id, queued } = result;
    expect(queued).toBe(true);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: 0, lastError: null, sentAt: null });
  });
});

describe("resolveMailFrom", () => {
  const settings = { companyName: "Unitrans Global Logistics", email: "info@unitransglobal.com" };

  it("defaults to the company's name and e-mail from the site settings, not no-reply@localhost", () => {
    const config = loadConfig({});
    expect(config.MAIL_FROM).toBeUndefined();
    expect(resolveMailFrom({ config, settings })).toEqual({
      name: "Unitrans Global Logistics",
      address: "info@unitransglobal.com",
    });
  });

  it("uses MAIL_FROM when it is set", () => {
    const config = loadConfig({ MAIL_FROM: "Unitrans <mail@example.com>" });
    expect(resolveMailFrom({ config, settings })).toBe("Unitrans <mail@example.com>");
  });
});
