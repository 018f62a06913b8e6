import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { ROLE_LABELS } from "#app/lib/roles.ts";
import {
  changeStaffRoleSchema,
  createAdminUserSchema,
  inviteStaffSchema,
  STAFF_INTENTS,
  staffAccountSchema,
} from "#app/schemas/admin-user.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  changeStaffRole,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  setStaffDisabled,
} from "#app/server/staff/staff-accounts.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { INVITE_LINK_HOURS, sendSetPasswordLink } from "#app/server/staff/staff-sign-in.server.ts";
import type { StaffAccountView } from "#app/server/staff/staff-views.ts";

// The staff accounts' loader and actions, one for both places that show them: Settings → Staff Accounts and the
// Staff page (/admin/staff, decision 019). Each caller has checked the session and the role (Administrators);
// the answer goes back to the page the form was on.

type Ctx = Readonly<RouterContextProvider>;

const INTENTS: readonly string[] = Object.values(STAFF_INTENTS);

export async function loadStaffAccounts({
  context,
  user,
}: {
  context: Ctx;
  user: SessionUser;
}): Promise<StaffAccountView[]> {
  const { db } = context.get(servicesContext);
  const accounts = await listAdminUsers({ db });
  return accounts.map(
    (account): StaffAccountView => ({
      id: account.id,
      email: account.email,
      name: account.name,
      role: account.role,
      disabled: account.disabledAt !== null,
      mustChangePassword: account.mustChangePassword,
      lastLogin: account.lastLogin
        ? `${formatDate(account.lastLogin)} ${formatTime(account.lastLogin)}`
        : "Never",
      isYou: account.id === user.id,
    }),
  );
}

/**
 * Answers a staff-account form (add with a temporary password or by invitation, change role, disable, enable,
 * remove); null when the intent is not one of them. Refused input: 400 with the messages; otherwise a redirect
 * to `back` with a toast.
 */
export async function staffAccountsAction({
  context,
  user,
  formData,
  intent,
  back,
}: {
  context: Ctx;
  user: SessionUser;
  formData: FormData;
  intent: FormDataEntryValue | null;
  back: string;
}) {
  if (typeof intent !== "string" || !INTENTS.includes(intent)) return null;
  const { db, config, logger } = context.get(servicesContext);

  if (intent === STAFF_INTENTS.addWithPassword) {
    const submission = parseWithZod(formData, { schema: createAdminUserSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const { email, name, password, role } = submission.value;
    const created = await createAdminUser({ db, email, name, password, role, mustChangePassword: true });
    if (!created) return emailTaken(intent, submission, ["password"]);
    return redirectWithToast(back, {
      type: "success",
      title: "Account added",
      description: `${email} (${ROLE_LABELS[role]}) must choose a new password at first login.`,
    });
  }

  if (intent === STAFF_INTENTS.invite) {
    const submission = parseWithZod(formData, { schema: inviteStaffSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { email, name, role } = submission.value;
    const created = await createAdminUser({ db, email, name, role });
    if (!created) return emailTaken(intent, submission);
    const sent = await sendSetPasswordLink({
      db,
      config,
      logger,
      userId: created.id,
      invitedBy: user.name || user.email,
    });
    return redirectWithToast(back, {
      type: sent ? "success" : "error",
      title: "Account added",
      description: sent
        ? `${email} gets an e-mail with a link to choose a password (valid for ${INVITE_LINK_HOURS} hours).`
        : `The e-mail to ${email} could not be queued; they can use 'Forgot password?' on the login page.`,
    });
  }

  if (intent === STAFF_INTENTS.changeRole) {
    const submission = parseWithZod(formData, { schema: changeStaffRoleSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await changeStaffRole({ db, ...submission.value });
    if (outcome === "changed" || outcome === "unchanged") {
      // An administrator who gave themselves another role may no longer use this page: their first page instead.
      const self = submission.value.userId === user.id && submission.value.role !== "administrator";
      return redirectWithToast(self ? "/admin" : back, {
        type: "success",
        title: "Role changed",
        description: `The account is now ${ROLE_LABELS[submission.value.role]}; it applies at once.`,
      });
    }
    return redirectWithToast(back, {
      type: "error",
      title: "Failed to change the role",
      description:
        outcome === "last"
          ? "The last Administrator cannot be given another role."
          : "This account no longer exists.",
    });
  }

  if (intent === STAFF_INTENTS.disable || intent === STAFF_INTENTS.enable) {
    const submission = parseWithZod(formData, { schema: staffAccountSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const disabled = intent === STAFF_INTENTS.disable;
    const outcome = await setStaffDisabled({
      db,
      userId: submission.value.userId,
      actorId: user.id,
      disabled,
    });
    if (outcome === "done") {
      return redirectWithToast(back, {
        type: "success",
        title: disabled ? "Account disabled" : "Account enabled",
        description: disabled ? "It cannot sign in, and its sessions have ended." : "It can sign in again.",
      });
    }
    const reasons = {
      self: "You cannot disable your own account.",
      last: "The last Administrator cannot be disabled.",
      missing: "This account no longer exists.",
    } as const;
    return redirectWithToast(back, {
      type: "error",
      title: disabled ? "Failed to disable account" : "Failed to enable account",
      description: reasons[outcome],
    });
  }

  // Remove (either name).
  const submission = parseWithZod(formData, { schema: staffAccountSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const outcome = await deleteAdminUser({ db, userId: submission.value.userId, actorId: user.id });
  if (outcome === "removed") return redirectWithToast(back, { type: "success", title: "Account removed" });
  const reasons = {
    self: "You cannot remove your own account.",
    last: "The last account, or the last Administrator, cannot be removed.",
    missing: "This account no longer exists.",
  } as const;
  return redirectWithToast(back, {
    type: "error",
    title: "Failed to remove account",
    description: reasons[outcome],
  });
}

/** The add forms' refusal when the address already has an account (either way of adding). */
function emailTaken(intent: string, submission: Pick<Submission<unknown>, "reply">, hideFields?: string[]) {
  const result = submission.reply({
    fieldErrors: { email: ["An account with this email already exists."] },
    hideFields,
  });
  return data({ intent, result }, { status: 400 });
}
