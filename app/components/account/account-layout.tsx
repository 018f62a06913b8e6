import { Outlet } from "react-router";
import { AccountNav } from "#app/components/account/account-nav.tsx";

/** The customer account's frame: who is signed in, the account's navigation, and the page below it. */
export function AccountLayout({ data }: { data: { name: string; companyName: string } }) {
  return (
    <>
      <AccountNav name={data.name} companyName={data.companyName} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </div>
    </>
  );
}
