import { Pencil, Plus, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { DeletePartyDialog } from "#app/components/admin/parties/delete-party-dialog.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import { PARTY_ROLE_LABELS, PARTY_ROLES, type PartyRole } from "#app/schemas/party-admin.ts";
import type { AddressBookData, AddressBookRow, PartyActionData } from "#app/server/parties/party-views.ts";

const shipmentsLabel = (count: number) => `${count} ${count === 1 ? "shipment" : "shipments"}`;

/**
 * The address book: shippers and consignees (two tables, so two tabs), searched by name, company, email or
 * phone, paged, each with the number of shipments it is on. A table from 640 px, stacked cards below.
 */
export function AddressBook({
  query,
  rows,
  total,
  page,
  pageCount,
  actionData,
}: AddressBookData & { actionData?: PartyActionData }) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === "/admin/parties";
  const role = query.role;
  const labels = PARTY_ROLE_LABELS[role];
  const noun = total === 1 ? labels.one.toLowerCase() : labels.many.toLowerCase();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">Address Book</h1>
        <Link to={`/admin/parties/new?role=${role}`} className={buttonClass()}>
          <Plus aria-hidden="true" className="size-4" />
          Add {labels.one}
        </Link>
      </div>

      <nav aria-label="Address book" className="flex gap-1 border-b border-slate-200">
        {PARTY_ROLES.map((tab) => (
          <RoleTab key={tab} role={tab} current={tab === role} />
        ))}
      </nav>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <Form
            method="get"
            role="search"
            aria-label={labels.many}
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          >
            <input type="hidden" name="role" value={role} />
            <div>
              <Label htmlFor="party-search">Search</Label>
              <Input
                id="party-search"
                type="search"
                name="q"
                defaultValue={query.q}
                placeholder="Name, company, email or phone..."
                maxLength={100}
              />
            </div>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </Form>

          <FormAlert id="party-list-error" errors={actionData?.result.error?.[""] ?? undefined} />

          <p role="status" className={cn("text-sm text-slate-700", loading && "font-medium text-brand-700")}>
            {loading ? `Loading ${labels.many.toLowerCase()}...` : `${total} ${noun}`}
          </p>

          {rows.length === 0 ? (
            <p className="py-8 text-center text-slate-600">
              {query.q ? `No ${labels.many.toLowerCase()} found` : `No ${labels.many.toLowerCase()} yet`}
            </p>
          ) : (
            <>
              <ul aria-label={labels.many} className="flex flex-col gap-3 sm:hidden">
                {rows.map((row) => (
                  <li key={row.id} className="rounded-md border border-slate-200 p-4">
                    <PartyCard row={row} role={role} />
                  </li>
                ))}
              </ul>
              <Table aria-busy={loading || undefined} className="max-sm:hidden">
                <caption className="sr-only">{labels.many}</caption>
                <THead>
                  <tr>
                    <TH>Name</TH>
                    <TH>Company</TH>
                    <TH>Email</TH>
                    <TH>Phone</TH>
                    <TH>Shipments</TH>
                    <TH className="text-right">Actions</TH>
                  </tr>
                </THead>
                <TBody>
                  {rows.map((row) => (
                    <TR key={row.id}>
                      <TD className="font-medium break-words">
                        <PartyLink row={row} />
                      </TD>
                      <TD className="break-words">{row.company || "-"}</TD>
                      <TD className="break-words">{row.email || "-"}</TD>
                      <TD className="whitespace-nowrap">{row.phone || "-"}</TD>
                      <TD className="whitespace-nowrap">{row.shipmentCount}</TD>
                      <TD className="text-right">
                        <RowActions row={row} role={role} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}

function RoleTab({ role, current }: { role: PartyRole; current: boolean }) {
  return (
    <Link
      to={`/admin/parties?role=${role}`}
      aria-current={current ? "page" : undefined}
      className={cn(
        "-mb-px inline-flex h-11 items-center border-b-2 px-4 text-sm font-medium",
        current
          ? "border-brand-700 text-brand-800"
          : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900",
      )}
    >
      {PARTY_ROLE_LABELS[role].many}
    </Link>
  );
}

function PartyLink({ row }: { row: AddressBookRow }) {
  return (
    <Link to={`/admin/parties/${row.id}`} className="text-brand-700 underline-offset-4 hover:underline">
      {row.name}
    </Link>
  );
}

/** One party below 640 px: name, company, contact details and shipments, then the actions. */
function PartyCard({ row, role }: { row: AddressBookRow; role: PartyRole }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium break-words">
        <PartyLink row={row} />
      </p>
      {row.company ? <p className="break-words text-slate-700">{row.company}</p> : null}
      {row.email ? <p className="break-words text-slate-700">{row.email}</p> : null}
      {row.phone ? <p className="text-slate-700">{row.phone}</p> : null}
      <p className="text-slate-600">{shipmentsLabel(row.shipmentCount)}</p>
      <RowActions row={row} role={role} />
    </div>
  );
}

function RowActions({ row, role }: { row: AddressBookRow; role: PartyRole }) {
  return (
    <div className="flex justify-end gap-1 max-sm:justify-start">
      <Link to={`/admin/parties/${row.id}`} className={buttonClass({ variant: "ghost", size: "sm" })}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit<span className="sr-only"> {row.name}</span>
      </Link>
      <DeletePartyDialog id={row.id} name={row.name} role={role} shipmentCount={row.shipmentCount} />
    </div>
  );
}
