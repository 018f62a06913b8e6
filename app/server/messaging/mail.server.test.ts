import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/setup/test-db.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/platform/logger.server.ts";
import { sendMail } from "#app/server/platform/mail.server.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const logger = createLogger("silent");
const mail = { to: "ops@example.com", subject: "Hello", text: "Line one\nLine two" };

describe("sendMail", () => {
  it("without SMTP keeps the message in the outbox (and in OUTBOX_DIR when set)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const { id, delivered } = await sendMail({
      db: database.db,
      config: { MAIL_FROM: "no-reply@example.com", OUTBOX_DIR: dir },
      logger,
      mail,
    });
    expect(await delivered).toBe(false);
    const rows = await database.db.select().from(outbox);
    expect(rows).toEqual([expect.objectContaining({ id, ...mail, sentAt: null, error: null })]);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8"))).toMatchObject({ id, ...mail });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records an SMTP failure on the outbox row instead of losing the message", async () => {
    const { id, delivered } = await sendMail({
      db: database.db,
      config: { MAIL_FROM: "no-reply@example.com", SMTP_URL: "smtp://127.0.0.1:1" },
      logger,
      mail,
    });
    expect(await delivered).toBe(false);
    const [row] = (await database.db.select().from(outbox)).filter((r) => r.id === id);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
