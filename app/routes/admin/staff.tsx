import { data } from "react-router";
import { INTENT } from "#app/components/admin/form-fields.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { StaffPage } from "#app/components/admin/staff/staff-accounts.tsx";
import { useSavedKey } from "#app/components/admin/use-saved-key.ts";
import { STAFF_INTENTS } from "#app/schemas/admin-user.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { loadStaffAccounts, staffAccountsAction } from "#app/server/staff/staff-accounts-page.server.ts";
import { getAdmin, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { INVITE_LINK_HOURS } from "#app/server/staff/staff-sign-in.server.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Staff", path: "/admin/staff" }, matches);

const STAFF_PATH = "/admin/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const user = getAdmin(context);
  return { inviteHours: INVITE_LINK_HOURS, accounts: await loadStaffAccounts({ context, user }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The layout's middleware has run too; an action checks again on its own (and the role: Administrators).
  const user = await requireAdmin({ request, context });
  const formData = (await readFormData(request)) ?? new FormData();
  const intent = formData.getAll(INTENT).length === 1 ? formData.get(INTENT) : null;
  const answer = await staffAccountsAction({ context, user, formData, intent, back: STAFF_PATH });
  return answer ?? data({ intent: null, result: null }, { status: 400 });
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSavedKey();
  return (
    <StaffPage
      key={formKey}
      accounts={loaderData.accounts}
      inviteHours={loaderData.inviteHours}
      lastResult={actionData?.intent === STAFF_INTENTS.invite ? actionData.result : undefined}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
