import type { Page } from "@playwright/test";
import { type OutboxMessage, readOutbox, waitForHydration } from "./admin-fixtures.ts";
import { expect } from "./fixtures.ts";

// Signing in to the customer account (decision 029) as a customer does: the address, then the code from the
// e-mail the app sent (read from the app's outbox folder).

/** Reads the e-mails the app sent to an address (the test server's outbox folder unless told otherwise). */
export type MailReader = (to: string) => OutboxMessage[];

const signInMails = (email: string, read: MailReader) =>
  read(email).filter((mail) => mail.subject.endsWith("sign-in code"));

/** Signs in at /account with a code e-mailed to `email`; ends on the account's shipments. */
export async function signInAsCustomer(page: Page, email: string, read: MailReader = readOutbox) {
  const before = signInMails(email, read).length;
  await page.goto("/account");
  const send = page.getByRole("button", { name: "Send me a code" });
  await waitForHydration(send);
  await page.getByLabel(/^E-mail address/).fill(email);
  await send.click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  let code = "";
  await expect
    .poll(() => {
      const mails = signInMails(email, read);
      code = mails.length > before ? (/^(\d{6}) /.exec(mails.at(-1)!.subject)?.[1] ?? "") : "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account\/shipments$/);
}
