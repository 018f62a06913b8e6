import { ChevronDown, KeyRound, LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useNavigate, useSubmit } from "react-router";

/** The spec's 'Admin User' menu: the signed-in person's name and e-mail inside, and Logout (a POST like every change). */
export function UserMenu({ name, email }: { name: string | null; email: string }) {
  const submit = useSubmit();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex h-10 max-w-56 items-center gap-2 rounded-full px-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="sr-only truncate sm:not-sr-only">Admin User</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm">
            <span className="block font-semibold text-slate-900">{name || email}</span>
            {name ? <span className="block truncate text-xs text-slate-600">{email}</span> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* Every role changes its own password here (Settings is for Administrators, decision 019). */}
          <DropdownMenu.Item
            onSelect={() => navigate("/admin/change-password")}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <KeyRound aria-hidden="true" className="size-4" />
            Change password
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => submit(null, { method: "post", action: "/admin/logout" })}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
