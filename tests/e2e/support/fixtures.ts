import AxeBuilder from "@axe-core/playwright";
import { type BrowserContextOptions, test as base, expect, type Page } from "@playwright/test";
import { login } from "./admin-fixtures.ts";

type Fixtures = {
  /**
   * Starts the test signed in as the test server's admin (`test.use({ signedIn: true })`), with a session this
   * worker signed in for once through the login form, instead of signing in again in every test. Such a test
   * must not sign in, sign out or change the admin's password: signing in again or out ends the shared session
   * (app/server/staff/staff-sign-in.server.ts), and the worker's other tests would find themselves signed out. Tests of
   * signing in keep their own session and leave this off.
   */
  signedIn: boolean;
  /**
   * Console errors a test expects (`test.use({ allowedConsoleErrors: [...] })`): a page that shows what tests
   * running side by side change, such as media another test deletes, may log a 404 for it.
   */
  allowedConsoleErrors: RegExp[];
  /** Fails the test when the page logs a console error or throws. */
  failOnConsoleErrors: undefined;
  /** Runs axe on the page; serious and critical violations fail the test. */
  checkA11y: (page?: Page) => Promise<void>;
};

type WorkerFixtures = {
  /** The admin's signed-in cookies, made once per worker on first use. */
  adminSession: () => Promise<BrowserContextOptions["storageState"]>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  signedIn: [false, { option: true }],
  adminSession: [
    async ({ browser }, use, workerInfo) => {
      let session: Promise<BrowserContextOptions["storageState"]> | undefined;
      const signIn = async () => {
        const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
        const page = await context.newPage();
        await login(page);
        const state = await context.storageState();
        await context.close();
        return state;
      };
      await use(() => {
        session ??= signIn();
        return session;
      });
    },
    { scope: "worker" },
  ],
  storageState: async ({ signedIn, storageState, adminSession }, use) => {
    await use(signedIn ? await adminSession() : storageState);
  },
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page that answers 404 on purpose (not-found views) logs its own status; that is not a bug.
        const isDocument = message.location().url === page.url();
        if (isDocument && message.text().startsWith("Failed to load resource")) return;
        const error = `${message.text()} (${message.location().url})`;
        if (allowedConsoleErrors.some((allowed) => allowed.test(error))) return;
        errors.push(error);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
  checkA11y: async ({ page }, use) => {
    await use(async (target = page) => {
      // A page starts its scripts after its first screen (docs/decisions/023-public-page-weight.md): wait until
      // React has hydrated it (its <body> carries React's props), so motion it starts is not read halfway. A page
      // without JavaScript never ran React Router's inline script and is checked as it is.
      if (await target.evaluate(() => "__reactRouterContext" in window)) {
        await target.waitForFunction(() =>
          Object.keys(document.body).some((key) => key.startsWith("__reactProps")),
        );
      }
      // Colours are only final once fades and slides have run: wait for running transitions.
      await target.evaluate(() => {
        const finite = document
          .getAnimations()
          .filter(
            (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          );
        const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
        return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5000))]);
      });
      const results = await new AxeBuilder({ page: target })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
        "serious or critical accessibility violations",
      ).toEqual([]);
    });
  },
});

export { expect };
