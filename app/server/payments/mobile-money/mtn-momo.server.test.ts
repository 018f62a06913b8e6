// MTN's Collections client against the local stand-in (decision 027): one token for many calls, requests and
// statuses as MTN documents them, errors in words; and the configuration: off until all six settings are set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMomoClient,
  describeMobileMoney,
  type MomoConfig,
  momoConfigOf,
  readMajorAmount,
} from "#app/server/payments/mobile-money/mtn-momo.server.ts";
import { ConfigError, loadConfig } from "#app/server/platform/config.server.ts";
import { MOMO_PAYERS, type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";

let standIn: MomoStandIn;
let config: MomoConfig;
beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "EUR" });
  config = momoConfigOf(loadConfig(standIn.env()))!;
});
afterAll(() => standIn?.close());

const ask = (client: ReturnType<typeof createMomoClient>, payer: string, referenceId = crypto.randomUUID()) =>
  client.requestToPay({
    referenceId,
    amountMinor: 1_050,
    currency: "EUR",
    payer,
    externalId: referenceId,
    payerMessage: "Invoice INV-2026-0001",
    payeeNote: "Invoice INV-2026-0001",
    callbackUrl: "http://127.0.0.1:9/never",
  });

describe("the MTN MoMo client", () => {
  it("takes one token for many calls, and asks a new one when it has expired", async () => {
    let clock = 0;
    const client = createMomoClient({ config, now: () => clock });
    const tokens = () => standIn.requests.filter((r) => r.path === "/collection/token/").length;
    const before = tokens();
    const id = crypto.randomUUID();
    expect(await ask(client, MOMO_PAYERS.approves, id)).toEqual({ ok: true });
    expect(await client.getStatus(id)).toMatchObject({ ok: true, status: "SUCCESSFUL", amountMinor: 1_050 });
    expect(tokens()).toBe(before + 1);
    clock += 3600 * 1000;
    await client.getStatus(id);
    expect(tokens()).toBe(before + 2);
  });

  it("sends the same reference once: MTN's 409 for a repeat means it has it", async () => {
    const client = createMomoClient({ config });
    const id = crypto.randomUUID();
    await ask(client, MOMO_PAYERS.approves, id);
    expect(await ask(client, MOMO_PAYERS.approves, id)).toEqual({ ok: true });
    expect(
      standIn.requests.filter((r) => r.headers["x-reference-id"] === id && r.method === "POST"),
    ).toHaveLength(2);
  });

  it("says in words what went wrong: refusals, unknown payments, wrong account details, no answer", async () => {
    const client = createMomoClient({ config });
    const refused = crypto.randomUUID();
    await ask(client, MOMO_PAYERS.hasNoMoney, refused);
    expect(await client.getStatus(refused)).toMatchObject({ status: "FAILED", reason: "NOT_ENOUGH_FUNDS" });
    expect(await client.getStatus(crypto.randomUUID())).toMatchObject({ ok: false, kind: "not-found" });
    const wrongKey = createMomoClient({ config: { ...config, apiKey: "wrong" } });
    expect(await ask(wrongKey, MOMO_PAYERS.approves)).toEqual({
      ok: false,
      kind: "unavailable",
      message: "MTN Mobile Money refused this site's account details. Please tell the company.",
    });
    const nobody = createMomoClient({ config: { ...config, baseUrl: "http://127.0.0.1:9" }, timeoutMs: 500 });
    expect(await ask(nobody, MOMO_PAYERS.approves)).toMatchObject({
      ok: false,
      kind: "unavailable",
      message: "MTN Mobile Money did not answer. Please try again in a few minutes.",
    });
    const otherCurrency = await client.requestToPay({
      referenceId: crypto.randomUUID(),
      amountMinor: 100,
      currency: "USD",
      payer: MOMO_PAYERS.approves,
      externalId: "x",
      payerMessage: "",
      payeeNote: "",
      callbackUrl: "http://127.0.0.1:9/never",
    });
    expect(otherCurrency).toEqual({
      ok: false,
      kind: "refused",
      message: "MTN Mobile Money does not take payments in this currency.",
    });
  });

  it("reads MTN's amounts exactly, and nothing with more decimals than the currency has", () => {
    expect(readMajorAmount("10.5", "USD")).toBe(1_050);
    expect(readMajorAmount("1000", "XOF")).toBe(1_000);
    expect(readMajorAmount("10.501", "USD")).toBeNull();
    expect(readMajorAmount("-1", "USD")).toBeNull();
    expect(readMajorAmount("1e3", "USD")).toBeNull();
  });
});

describe("its configuration", () => {
  it("is off, in a clerk's words, until all six settings are set", () => {
    expect(describeMobileMoney(loadConfig({}))).toEqual({
      available: false,
      reason:
        "Off: the MTN Mobile Money account details are not set on the server (ask whoever runs the server).",
    });
    expect(describeMobileMoney(loadConfig(standIn.env({ MTN_MOMO_CURRENCY: "LRD" })))).toMatchObject({
      available: true,
      summary: expect.stringContaining("customers pay LRD invoices from their MTN Mobile Money wallet"),
    });
  });

  it("refuses to start with some of the settings and not the others, naming the missing ones", () => {
    const { MTN_MOMO_API_KEY: _key, ...partial } = standIn.env();
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/MTN_MOMO_API_KEY: is needed with MTN_MOMO_BASE_URL/);
    expect(() => loadConfig(standIn.env({ MTN_MOMO_CURRENCY: "usd" }))).toThrow(/MTN_MOMO_CURRENCY/);
  });
});
