import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { INTENT } from "#app/components/admin/form-fields.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  CHANGE_ROLE_INTENT,
  DISABLE_STAFF_INTENT,
  ENABLE_STAFF_INTENT,
  INVITE_STAFF_INTENT,
  REMOVE_STAFF_INTENT,
  StaffPage,
} from "#app/components/admin/staff/staff-accounts.tsx";
import { useSavedKey } from "#app/components/admin/use-saved-key.ts";
import { servicesContext } from "#app/context.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { ROLE_LABELS } from "#app/lib/roles.ts";
import { changeStaffRoleSchema, inviteStaffSchema, staffAccountSchema } from "#app/schemas/admin-user.ts";
import {
  getAdmin,
  INVITE_LINK_HOURS,
  requireAdmin,
  sendSetPasswordLink,
} from "#app/server/auth/auth.server.ts";
import {
  changeStaffRole,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  setStaffDisabled,
} from "#app/server/auth/staff-accounts.server.ts";
import { readFormData } from "#app/server/handlers/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Staff", path: "/admin/staff" }, matches);

const STAFF_PATH = "/admin/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const user = getAdmin(context);
  const { db } = context.get(servicesContext);
  const accounts = await listAdminUsers({ db });
  return {
    inviteHours: INVITE_LINK_HOURS,
    accounts: accounts.map((account) => ({
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
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The layout's middleware has run too; an action checks again on its own (and the role: Administrators).
  const user = await requireAdmin({ request, context });
  const { db, config, logger } = context.get(servicesContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = formData.get(INTENT);

  if (intent === INVITE_STAFF_INTENT) {
    const submission = parseWithZod(formData, { schema: inviteStaffSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { email, name, role } = submission.value;
    const created = await createAdminUser({ db, email, name, role });
    if (!created) {
      const result = submission.reply({
        fieldErrors: { email: ["An account with this email already exists."] },
      });
      return data({ intent, result }, { status: 400 });
    }
    const sent = await sendSetPasswordLink({
      db,
      config,
      logger,
      userId: created.id,
      invitedBy: user.name || user.email,
    });
    return redirectWithToast(STAFF_PATH, {
      type: sent ? "success" : "error",
      title: "Account added",
      description: sent
        ? `${email} gets an e-mail with a link to choose a password (valid for ${INVITE_LINK_HOURS} hours).`
        : `The e-mail to ${email} could not be queued; they can use 'Forgot password?' on the login page.`,
    });
  }

  if (intent === CHANGE_ROLE_INTENT) {
    const submission = parseWithZod(formData, { schema: changeStaffRoleSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await changeStaffRole({ db, ...submission.value });
    if (outcome === "changed" || outcome === "unchanged") {
      // An administrator who gave themselves another role may no longer use this page: their first page instead.
      const self = submission.value.userId === user.id && submission.value.role !== "administrator";
      return redirectWithToast(self ? "/admin" : STAFF_PATH, {
        type: "success",
        title: "Role changed",
        description: `The account is now ${ROLE_LABELS[submission.value.role]}; it applies at once.`,
      });
    }
    return redirectWithToast(STAFF_PATH, {
      type: "error",
      title: "Failed to change the role",
      description:
        outcome === "last"
          ? "The last Administrator cannot be given another role."
          : "This account no longer exists.",
    });
  }

  if (intent === DISABLE_STAFF_INTENT || intent === ENABLE_STAFF_INTENT) {
    const submission = parseWithZod(formData, { schema: staffAccountSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const disabled = intent === DISABLE_STAFF_INTENT;
    const outcome = await setStaffDisabled({
      db,
      userId: submission.value.userId,
      actorId: user.id,
      disabled,
    });
    if (outcome === "done") {
      return redirectWithToast(STAFF_PATH, {
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
    return redirectWithToast(STAFF_PATH, {
      type: "error",
      title: disabled ? "Failed to disable account" : "Failed to enable account",
      description: reasons[outcome],
    });
  }

  if (intent === REMOVE_STAFF_INTENT) {
    const submission = parseWithZod(formData, { schema: staffAccountSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await deleteAdminUser({ db, userId: submission.value.userId, actorId: user.id });
    if (outcome === "removed")
      return redirectWithToast(STAFF_PATH, { type: "success", title: "Account removed" });
    const reasons = {
      self: "You cannot remove your own account.",
      last: "The last Administrator cannot be removed.",
      missing: "This account no longer exists.",
    } as const;
    return redirectWithToast(STAFF_PATH, {
      type: "error",
      title: "Failed to remove account",
      description: reasons[outcome],
    });
  }

  return data({ intent: null, result: null }, { status: 400 });
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSavedKey();
  return (
    <StaffPage
      key={formKey}
      accounts={loaderData.accounts}
      inviteHours={loaderData.inviteHours}
      lastResult={actionData?.intent === INVITE_STAFF_INTENT ? actionData.result : undefined}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
