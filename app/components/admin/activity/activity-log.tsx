import { Filter } from "lucide-react";
import { Form, Link } from "react-router";
import { ActivityEntries } from "#app/components/admin/activity/activity-entries.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import type { ActivityData } from "#app/server/audit/activity-views.ts";

/**
 * /admin/activity: every recorded staff write and sign-in, newest first, 50 a page; filtered by person, kind of
 * record and dates (days in the company's time zone) through a plain GET form, so a filtered view is a link.
 */
export function ActivityLog({ data }: { data: ActivityData }) {
  const { filters } = data;
  const filtered = Boolean(
    filters.person || filters.entity || filters.shipment || filters.from || filters.to,
  );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Activity</h1>
        <p className="mt-1 text-slate-600">
          Who changed what, and when: every staff change, sign-in and failed sign-in. Times in {data.timeZone}
          . Entries cannot be edited or deleted; they are kept as long as Settings → Activity log says.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <Form
            method="get"
            aria-label="Filter activity"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          >
            {filters.shipment ? <input type="hidden" name="shipment" value={filters.shipment} /> : null}
            <div className="flex flex-col gap-1">
              <Label htmlFor="activity-person">Person</Label>
              <Select
                id="activity-person"
                name="person"
                defaultValue={filters.person}
                key={`p${filters.person}`}
              >
                <option value="">Everyone</option>
                {data.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="activity-entity">Record</Label>
              <Select
                id="activity-entity"
                name="entity"
                defaultValue={filters.entity}
                key={`e${filters.entity}`}
              >
                <option value="">All records</option>
                {data.entities.map((entity) => (
                  <option key={entity.value} value={entity.value}>
                    {entity.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="activity-from">From</Label>
              <Input
                id="activity-from"
                name="from"
                type="date"
                defaultValue={filters.from}
                key={`f${filters.from}`}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="activity-to">To</Label>
              <Input
                id="activity-to"
                name="to"
                type="date"
                defaultValue={filters.to}
                key={`t${filters.to}`}
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit">
                <Filter aria-hidden="true" className="size-4" />
                Filter
              </Button>
              {filtered ? (
                <Link to="/admin/activity" className={buttonClass({ variant: "outline" })}>
                  Clear
                </Link>
              ) : null}
            </div>
          </Form>
          {filters.shipment ? (
            <p className="mt-3 text-sm text-slate-700">
              Showing one shipment's activity.{" "}
              <Link to={`/admin/shipments/${filters.shipment}`} className="text-brand-700 underline">
                Open the shipment
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">
            Entries <span className="font-normal text-slate-600">({data.total})</span>
          </h2>
          {data.entries.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
              {filtered ? "No activity matches these filters." : "No activity recorded yet."}
            </p>
          ) : (
            <ActivityEntries entries={data.entries} label="Activity" />
          )}
          <Pagination page={data.page} pageCount={data.pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}
