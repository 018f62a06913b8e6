// The Staff page's action (decision 019), as an Administrator posts it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "#app/routes/admin/staff.tsx";
import { outbox } from "#app/server/db/schema.ts";
import { readToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { findAdminByEmail } from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { openStaffSession, signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let bossId: string;
const PASSWORD = "a sturdy staff passphrase";

beforeAll(async () => {
  services = await createTestServices();
  const boss = await signInStaff({ ...services, email: "boss@example.com", password: PASSWORD });
  bossId = boss.user.id;
  cookie = boss.cookie;
});
afterAll(() => services.close());

async function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/admin/staff", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return action({ request, context: createTestContext(services), params: {} } as never);
}

/** The toast a redirect carries, as the next page would read it. */
function toastOf(response: Response) {
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("toast="))!;
  const request = new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0]! } });
  return readToast(request).toast;
}

describe("the Staff page", () => {
  it("adds a person with a role and e-mails a set-password link; a taken address is refused", async () => {
    const response = (await post({
      intent: "invite-staff",
      name: "Ops Desk",
      email: "ops@example.com",
      role: "operations",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/staff");
    expect(toastOf(response)?.description).toContain("valid for 72 hours");
    const row = await findAdminByEmail({ db: services.db, email: "ops@example.com" });
    expect(row).toMatchObject({ name: "Ops Desk", role: "operations", disabledAt: null });
    const [mail] = await services.db.select().from(outbox).where(eq(outbox.to, "ops@example.com"));
    expect(mail?.text).toContain("/admin-reset-password?token=");

    const again = (await post({
      intent: "invite-staff",
      name: "Ops Again",
      email: "OPS@example.com",
      role: "editor",
    })) as unknown as { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
    expect(again.init.status).toBe(400);
    expect(again.data.result.error.email).toEqual(["An account with this email already exists."]);
    const invalid = (await post({
      intent: "invite-staff",
      name: "",
      email: "x@example.com",
      role: "owner",
    })) as {
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    expect(await findAdminByEmail({ db: services.db, email: "x@example.com" })).toBeNull();
  });

  it("changes a role at once, and keeps the last Administrator", async () => {
    const ops = (await findAdminByEmail({ db: services.db, email: "ops@example.com" }))!;
    const session = await openStaffSession({ ...services, userId: ops.id });
    const changed = (await post({ intent: "change-role", userId: ops.id, role: "editor" })) as Response;
    expect(toastOf(changed)?.title).toBe("Role changed");
    expect((await getSessionUser({ ...services, token: session.token }))?.role).toBe("editor");

    const last = (await post({ intent: "change-role", userId: bossId, role: "operations" })) as Response;
    expect(toastOf(last)?.description).toBe("The last Administrator cannot be given another role.");
    expect((await findAdminByEmail({ db: services.db, email: "boss@example.com" }))?.role).toBe(
      "administrator",
    );
  });

  it("disables (ending sessions) and enables an account; nobody disables themselves", async () => {
    const ops = (await findAdminByEmail({ db: services.db, email: "ops@example.com" }))!;
    const session = await openStaffSession({ ...services, userId: ops.id });
    const self = (await post({ intent: "disable-staff", userId: bossId })) as Response;
    expect(toastOf(self)?.description).toBe("You cannot disable your own account.");
    const disabled = (await post({ intent: "disable-staff", userId: ops.id })) as Response;
    expect(toastOf(disabled)?.title).toBe("Account disabled");
    expect(await getSessionUser({ ...services, token: session.token })).toBeNull();
    const enabled = (await post({ intent: "enable-staff", userId: ops.id })) as Response;
    expect(toastOf(enabled)?.title).toBe("Account enabled");
    expect((await findAdminByEmail({ db: services.db, email: "ops@example.com" }))?.disabledAt).toBeNull();
  });
});
