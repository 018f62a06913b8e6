import { AddressBook } from "#app/components/admin/parties/address-book.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { addressBookAction, loadAddressBook } from "#app/server/parties/party-pages.server.ts";
import type { Route } from "./+types/parties";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Address Book", path: "/admin/parties" }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAddressBook({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return addressBookAction({ request, context });
}

export default function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressBook {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
