// 'Show full details' (decision 029, tracking in tiers) end to end on the real database: the contact, the code,
// the grant and its cookie, in English and in French.
import { describe, expect, it } from "vitest";
import { loader as waybillLoader } from "#app/routes/resources/track.$tracking-number.details.waybill.pdf.ts";
import { action, loader } from "#app/routes/site/track.$tracking-number.details.tsx";
import {
  DETAILS_GRANT_MS,
  findShipmentDetailsAccess,
  verifyShipmentDetailsCode,
} from "#app/server/customers/shipment-details-access.server.ts";
import { shipmentDetailGrants } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";
import { A, B, SITE, visitor } from "./track.$tracking-number.details.test-support.ts";
import { bodyOf, codeIn, cookiePair, cookiesOf, statusOf } from "./track.details-answers.test-support.ts";

let services: Services;
let client: string;
const { ids, open, post, sentTo, askCode } = visitor((now) => ({ services, client } = now));

describe("'Show full details' with a code sent to the contact on file", () => {
  it("right e-mail (any case) → code → grant: the details show, path-scoped and HttpOnly, for 24 hours", async () => {
    const before = await open(A);
    expect(bodyOf(before)).toMatchObject({ kind: "ask", number: A, attempt: null });
    expect(JSON.stringify(bodyOf(before))).not.toContain("Consignee kollie");

    const { attempt } = await askCode(A, "consignee.KOLLIE@example.com");
    const [mail] = await sentTo("consignee.kollie@example.com");
    expect(mail!.subject).toBe(`${codeIn(mail!.subject!)} is your code for shipment ${A}`);
    expect(mail!.text).toContain(`full details of shipment ${A} is ${codeIn(mail!.text)}`);
    // The code page says where it went, masked.
    expect(bodyOf(await open(A, attempt))).toMatchObject({
      kind: "ask",
      attempt: { sentTo: "c•••@example.com", channel: "email" },
    });

    const granted = await post(A, { intent: "code", code: codeIn(mail!.text) }, attempt);
    expect(statusOf(granted)).toBe(302);
    const grantSet = cookiesOf(granted).find((cookie) => cookie.startsWith("shipment_details="))!;
    expect(grantSet).toContain(`Path=/track/${A};`);
    expect(grantSet).toContain("HttpOnly");
    expect(grantSet).toContain("Max-Age=86400");
    // The attempt is cleared.
    expect(cookiesOf(granted).some((c) => c.startsWith("shipment_details_code=;"))).toBe(true);
    const grant = cookiePair(granted, "shipment_details");

    const details = bodyOf(await open(A, grant));
    expect(details).toMatchObject({
      kind: "details",
      accountPath: null,
      details: {
        shipper: {
          name: "Shipper kollie",
          email: "shipper.kollie@example.com",
          address: "1 Export Road, kollie",
        },
        consignee: { name: "Consignee kollie", phone: "+231 77 555 0142" },
        goodsDescription: "Solar panels for kollie",
        pieces: 12,
        weight: "1,250.5 kg",
        declaredValue: "12,000.00 USD",
        documents: { waybill: `/track/${A}/details/waybill.pdf`, deliveryNote: null },
      },
    });
    // The waybill opens with the grant, not without it.
    const pdf = (cookie: string) =>
      waybillLoader({
        request: new Request(`${SITE}/track/${A}/details/waybill.pdf`, { headers: cookie ? { cookie } : {} }),
        params: { trackingNumber: A },
        context: createTestContext(services, client),
      } as never);
    const withGrant = await pdf(grant);
    expect(withGrant.status).toBe(200);
    expect(withGrant.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf("")).status).toBe(404);

    // Stored hashed, for 24 hours: open at 23:59, closed after.
    const token = grant.split("=")[1]!;
    const [row] = await services.db.select().from(shipmentDetailGrants);
    expect(row!.tokenHash).not.toBe(token);
    const shipment = { id: ids[A]!.shipment, trackingNumber: A };
    const at = (ms: number) => new Date(row!.createdAt.getTime() + ms);
    const access = (now: Date) =>
      findShipmentDetailsAccess({
        request: new Request(`${SITE}/track/${A}/details`, { headers: { cookie: grant } }),
        context: createTestContext(services, client),
        shipment,
        now,
      });
    expect(await access(at(DETAILS_GRANT_MS - 60_000))).toBe("grant");
    expect(await access(at(DETAILS_GRANT_MS + 1000))).toBeNull();
    await services.db.update(shipmentDetailGrants).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(bodyOf(await open(A, grant))).toMatchObject({ kind: "ask" });
  });

  it("a wrong contact gets the same answer, no message and never a grant", async () => {
    const right = await askCode(A, "shipper.kollie@example.com");
    const wrong = await askCode(A, "someone.else@example.com");
    // Same status, same cookies but the token; same page after.
    expect(cookiesOf(wrong.answer).map((c) => c.replace(/=[\w-]{43}/, "=…"))).toEqual(
      cookiesOf(right.answer).map((c) => c.replace(/=[\w-]{43}/, "=…")),
    );
    expect(bodyOf(await open(A, wrong.attempt))).toMatchObject({
      kind: "ask",
      attempt: { sentTo: "s•••@example.com", channel: "email" },
    });
    expect(await sentTo("someone.else@example.com")).toHaveLength(0);
    // Another shipment's contact is a wrong contact here.
    await askCode(A, "consignee.weah@example.com");
    expect(await sentTo("consignee.weah@example.com")).toHaveLength(0);
    // No code opens it: every guess is wrong.
    const grantsBefore = (await services.db.select().from(shipmentDetailGrants)).length;
    const guess = await post(A, { intent: "code", code: "123456" }, wrong.attempt);
    expect(statusOf(guess)).toBe(400);
    expect(bodyOf(guess)).toMatchObject({ step: "code" });
    expect(await services.db.select().from(shipmentDetailGrants)).toHaveLength(grantsBefore);
  });

  it("a mobile number on file gets an SMS naming the number and the code; typed as dialled", async () => {
    const { attempt } = await askCode(A, "0775 550 142");
    const [sms] = await sentTo("+231775550142");
    expect(sms!.channel).toBe("sms");
    const code = codeIn(sms!.text);
    expect(sms!.text).toBe(
      `${code} is your code to see the full details of shipment ${A}. It works once, for 10 minutes.`,
    );
    const granted = await post(A, { intent: "code", code }, attempt);
    expect(bodyOf(await open(A, cookiePair(granted, "shipment_details")))).toMatchObject({ kind: "details" });
  });

  it("a grant for shipment A shows nothing of shipment B", async () => {
    const { attempt } = await askCode(A, "consignee.kollie@example.com");
    const [mail] = await sentTo("consignee.kollie@example.com");
    const granted = await post(A, { intent: "code", code: codeIn(mail!.text) }, attempt);
    const grant = cookiePair(granted, "shipment_details");
    // Even sent on B's path by hand (a browser would not: its Path is /track/A).
    const other = bodyOf(await open(B, grant));
    expect(other).toMatchObject({ kind: "ask", number: B });
    expect(JSON.stringify(other)).not.toContain("weah@");
    // And A's attempt cookie cannot spend a code on B.
    const again = await askCode(A, "consignee.kollie@example.com");
    const [, second] = (await sentTo("consignee.kollie@example.com")).sort(
      (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
    );
    const onB = await post(B, { intent: "code", code: codeIn(second!.text) }, again.attempt);
    expect(statusOf(onB)).toBe(400);
    expect(cookiePair(onB, "shipment_details")).toBe("");
  });

  it("expired and used codes, and 5 wrong tries, end the code", async () => {
    const db = services.db;
    const spend = (attempt: string, code: string, now = new Date()) =>
      verifyShipmentDetailsCode({
        db,
        attemptToken: attempt.split("=")[1]!,
        code,
        shipmentId: ids[A]!.shipment,
        clientAddress: client,
        now,
      });
    const latestCode = async () =>
      codeIn(
        (await sentTo("shipper.kollie@example.com"))
          .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())
          .at(-1)!.text,
      );

    // Expired: 10 minutes and a second later.
    let asked = await askCode(A, "shipper.kollie@example.com");
    expect(
      await spend(asked.attempt, await latestCode(), new Date(Date.now() + 10 * 60_000 + 1000)),
    ).toMatchObject({
      outcome: "expired",
    });

    // Used: the second time.
    asked = await askCode(A, "shipper.kollie@example.com");
    const code = await latestCode();
    expect(await spend(asked.attempt, code)).toMatchObject({ outcome: "granted" });
    expect(await spend(asked.attempt, code)).toMatchObject({ outcome: "expired" });

    // Five wrong tries, then even the right code no longer works; the page answers 'ask for a new one'.
    asked = await askCode(A, "shipper.kollie@example.com");
    const right = await latestCode();
    const wrongCode = right === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await post(A, { intent: "code", code: wrongCode }, asked.attempt);
      messages.push(String(bodyOf(answer).error));
    }
    expect(messages[0]).toBe("That code is not right. You can try 4 more times.");
    expect(messages[4]).toBe("This code no longer works. Ask for a new one.");
    const late = await post(A, { intent: "code", code: right }, asked.attempt);
    expect(bodyOf(late)).toMatchObject({ step: "expired" });
    expect(cookiePair(late, "shipment_details")).toBe("");
  });
});

describe("'Show full details' in French (decision 030)", () => {
  const openAt = (path: string, cookie = "") =>
    loader({
      request: new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} }),
      params: { trackingNumber: A },
      context: createTestContext(services, client),
    } as never);
  const postAt = (path: string, fields: Record<string, string>, cookie = "") =>
    action({
      request: new Request(`${SITE}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(fields).toString(),
      }),
      params: { trackingNumber: A },
      context: createTestContext(services, client),
    } as never);
  const french = `/fr/suivi/${A}/details`;

  it("sends the code in French, and its grant opens the details and documents at both addresses", async () => {
    const asked = await postAt(french, { intent: "contact", contact: "consignee.kollie@example.com" });
    expect((asked as Response).headers.get("Location")).toBe(french);
    // The attempt and the grant are set for both addresses; a browser sends the one of the page's path.
    const attemptPaths = cookiesOf(asked).map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1]);
    expect(attemptPaths).toEqual([`/track/${A}`, `/fr/suivi/${A}`]);
    const attempt = cookiePair(asked, "shipment_details_code");
    const [mail] = await sentTo("consignee.kollie@example.com");
    expect(mail!.subject).toBe(`${codeIn(mail!.subject!)} est votre code pour l'expédition ${A}`);
    expect(mail!.text).toContain("Saisissez-le sur la page de suivi.");

    const granted = await postAt(french, { intent: "code", code: codeIn(mail!.text) }, attempt);
    expect((granted as Response).headers.get("Location")).toBe(french);
    const grants = cookiesOf(granted).filter((cookie) => cookie.startsWith("shipment_details="));
    expect(grants.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([
      `/track/${A}`,
      `/fr/suivi/${A}`,
    ]);
    expect(grants.every((cookie) => cookie.includes("HttpOnly") && cookie.includes("Max-Age=86400"))).toBe(
      true,
    );
    const grant = cookiePair(granted, "shipment_details");

    const details = bodyOf(await openAt(french, grant));
    expect(details).toMatchObject({
      kind: "details",
      trackingPath: `/fr/suivi/${A}`,
      details: { documents: { waybill: `/fr/suivi/${A}/details/waybill.pdf` } },
    });
    expect((details.words as Record<string, string>)["Full details"]).toBe("Détail complet");
    // The figures in French too, money as formatMoneyIn writes it (no-break spaces read as spaces).
    const figures = details.details as { weight: string; declaredValue: string };
    expect(
      [figures.weight, figures.declaredValue].map((text) => text.replace(/[\u00a0\u202f]/g, " ")),
    ).toEqual(["1 250,5 kg", "12 000,00 $US"]);
    expect(bodyOf(await openAt(`/track/${A}/details`, grant))).toMatchObject({ kind: "details" });
    const pdf = await waybillLoader({
      request: new Request(`${SITE}/fr/suivi/${A}/details/waybill.pdf`, { headers: { cookie: grant } }),
      params: { trackingNumber: A },
      context: createTestContext(services, client),
    } as never);
    expect(pdf.status).toBe(200);
  });

  it("answers a wrong code in French", async () => {
    const asked = await postAt(french, { intent: "contact", contact: "shipper.kollie@example.com" });
    const wrong = await postAt(
      french,
      { intent: "code", code: "000000" },
      cookiePair(asked, "shipment_details_code"),
    );
    expect(bodyOf(wrong).error).toMatch(/^Ce code n'est pas le bon\. Il vous reste \d essais?\.$/);
  });
});
