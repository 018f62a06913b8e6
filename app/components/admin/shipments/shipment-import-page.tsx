import { CircleAlert, Download, FileUp } from "lucide-react";
import { Form, Link } from "react-router";
import { INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { DATE_FORMATS, IMPORT_FIELDS } from "#app/lib/shipment-import.ts";
import type {
  PartyDetail,
  ShipmentImportActionData,
  ShipmentImportView,
} from "#app/server/shipments/shipment-views.ts";

// The import page's steps (decision 020): upload, then the preview with the mapping and date format, the check's
// row errors, and 'Import'. Plain forms: every step works without JavaScript.

const TEMPLATE = "/admin/shipments/import-template.csv";
const letters = (index: number) => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

function UploadForm({
  maxMb,
  maxRows,
  error,
  again,
}: {
  maxMb: number;
  maxRows: number;
  error?: string | null;
  again?: boolean;
}) {
  const uploading = useSubmitting("upload");
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
      <input type="hidden" name={INTENT} value="upload" />
      <div>
        <Label htmlFor="import-file">
          {again ? "Upload a corrected file" : "Spreadsheet (CSV or Excel .xlsx)"}
        </Label>
        <Input
          id="import-file"
          type="file"
          name="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby="import-limits"
          aria-invalid={error ? true : undefined}
          className="h-auto py-1.5"
          // With JavaScript, a file over the limit is refused before it is sent (the server refuses it too).
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.setCustomValidity(
              file && file.size > maxMb * 1024 * 1024
                ? `The file is larger than ${maxMb} MB. Split it into smaller files.`
                : "",
            );
            event.currentTarget.reportValidity();
          }}
        />
        <p id="import-limits" className="mt-1 text-sm text-slate-600">
          At most {maxMb} MB and {maxRows.toLocaleString("en-US")} rows; the first row names the columns. CSV
          files in UTF-8 (Excel: 'CSV UTF-8'); the first sheet of a workbook is read. The file is kept for a
          day.
        </p>
      </div>
      {error ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant={again ? "outline" : "primary"} disabled={uploading}>
          <FileUp aria-hidden="true" className="size-4" />
          {uploading ? "Uploading..." : "Upload"}
        </Button>
      </div>
    </Form>
  );
}

export function ShipmentImportPage({
  view,
  actionData,
}: {
  view: ShipmentImportView;
  actionData: ShipmentImportActionData | undefined;
}) {
  const uploadError = actionData?.intent === "upload" ? actionData.error : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Import shipments</h1>
          <p className="mt-1 text-slate-600">
            From a CSV or Excel file: each row a shipment, with its shipper and consignee (matched by e-mail,
            else by name, or created). All rows are imported, or none.
          </p>
        </div>
        <a href={TEMPLATE} download className={buttonClass({ variant: "outline" })}>
          <Download aria-hidden="true" className="size-4" />
          Download template
        </a>
      </div>
      {view.step === "upload" ? (
        <Card>
          <CardHeader>
            <CardTitle>1. Upload the file</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {view.notice ? (
              <p
                role="alert"
                className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              >
                {view.notice}
              </p>
            ) : null}
            <UploadForm maxMb={view.maxMb} maxRows={view.maxRows} error={uploadError} />
          </CardContent>
        </Card>
      ) : (
        <MappingStep view={view} actionData={actionData} uploadError={uploadError} />
      )}
    </div>
  );
}

function MappingStep({
  view,
  actionData,
  uploadError,
}: {
  view: Extract<ShipmentImportView, { step: "map" }>;
  actionData: ShipmentImportActionData | undefined;
  uploadError: string | null;
}) {
  const checking = useSubmitting("check");
  const importing = useSubmitting("import");
  const check = actionData && actionData.intent !== "upload" ? actionData : null;
  if (view.imported) {
    return (
      <Card>
        <CardContent className="flex flex-col gap-3 pt-5">
          <p role="status">
            {view.filename} was imported: {view.imported.created} new, {view.imported.updated} updated,{" "}
            {view.imported.skipped} left as they were.
          </p>
          <Link to="/admin/shipments" className={buttonClass({ className: "self-start" })}>
            See the shipments
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>2. Preview: {view.filename}</CardTitle>
          <p className="text-sm text-slate-600">
            {view.rowCount.toLocaleString("en-US")} {view.rowCount === 1 ? "row" : "rows"}; the first{" "}
            {view.preview.length} as read:
          </p>
        </CardHeader>
        <CardContent>
          <Table aria-label="The file's first rows">
            <THead>
              <TR>
                <TH scope="col">Row</TH>
                {view.header.map((name, index) => (
                  <TH key={`${index}-${name}`} scope="col">
                    <span className="text-slate-500">{letters(index)}</span> {name}
                  </TH>
                ))}
              </TR>
            </THead>
            <TBody>
              {view.preview.map((row, rowIndex) => (
                <TR key={rowIndex}>
                  <TD>{rowIndex + 2}</TD>
                  {view.header.map((_, index) => (
                    <TD key={index} className="max-w-48 truncate">
                      {row[index] ?? ""}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>3. Columns and dates</CardTitle>
          <p className="text-sm text-slate-600">Guessed from the header row; change any that are wrong.</p>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" key={view.uploadId}>
            <input type="hidden" name="uploadId" value={view.uploadId} />
            <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <legend className="sr-only">Column of each field</legend>
              {IMPORT_FIELDS.map((field) => (
                <div key={field.key}>
                  <Label htmlFor={`map-${field.key}`}>
                    {field.label}
                    {field.required ? <span className="text-red-700"> *</span> : null}
                  </Label>
                  <Select
                    id={`map-${field.key}`}
                    name={`map.${field.key}`}
                    defaultValue={view.mapping[field.key] === null ? "" : String(view.mapping[field.key])}
                  >
                    <option value="">(none)</option>
                    {view.header.map((name, index) => (
                      <option key={`${index}-${name}`} value={index}>
                        {letters(index)}: {name}
                      </option>
                    ))}
                  </Select>
                </div>
              ))}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <Label htmlFor="import-date-format">Date format of the file</Label>
                <Select
                  id="import-date-format"
                  name="dateFormat"
                  defaultValue={view.dateFormat ?? ""}
                  aria-describedby="import-date-hint"
                >
                  <option value="">Choose…</option>
                  {Object.entries(DATE_FORMATS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
                <p id="import-date-hint" className="mt-1 text-sm text-slate-600">
                  {view.dateGuessed
                    ? "Guessed from the dates in the file: check it before importing."
                    : "03/04/2026 is 3 April in DD/MM/YYYY and 4 March in MM/DD/YYYY: choose the file's."}
                </p>
              </div>
              <div className="flex flex-col gap-2">
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="updateExisting" className="mt-1" />
                  <span>
                    Update existing shipments (same tracking number) with the file's values; otherwise they
                    are left as they are
                  </span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="notify" className="mt-1" />
                  <span>
                    Notify customers (e-mail the shippers and consignees of new and changed shipments)
                  </span>
                </label>
              </div>
            </div>
            {check ? <CheckResult check={check} /> : null}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name={INTENT}
                value="check"
                variant="outline"
                disabled={checking || importing}
              >
                {checking ? "Checking..." : "Check rows"}
              </Button>
              {check?.ok ? (
                <Button type="submit" name={INTENT} value="import" disabled={checking || importing}>
                  {importing
                    ? "Importing..."
                    : `Import ${check.rowCount.toLocaleString("en-US")} ${check.rowCount === 1 ? "row" : "rows"}`}
                </Button>
              ) : null}
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="pt-5">
          <UploadForm maxMb={view.maxMb} maxRows={view.maxRows} error={uploadError} again />
        </CardContent>
      </Card>
    </>
  );
}

function CheckResult({ check }: { check: Exclude<ShipmentImportActionData, { intent: "upload" }> }) {
  if (check.ok) {
    return (
      <>
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          Every row is valid: {check.created.toLocaleString("en-US")} new{" "}
          {check.created === 1 ? "shipment" : "shipments"}, {check.existing.toLocaleString("en-US")} already
          there (updated only with 'Update existing shipments').
        </p>
        <PartyDetails check={check} />
      </>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {check.message ? <p>{check.message}</p> : null}
      {check.mappingErrors.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {check.errorCount > 0 ? (
        <>
          <p className="font-medium">
            {check.errorCount.toLocaleString("en-US")} {check.errorCount === 1 ? "problem" : "problems"}
            {"; "}
            nothing is imported until every row is valid. Correct the file and upload it again.
          </p>
          <ul className="flex flex-col gap-1" aria-label="Row errors">
            {check.errors.map((error, index) => (
              <li key={index}>
                {error.row > 0 ? `Row ${error.row}` : "File"}
                {error.column
                  ? `, column ${error.column} (${error.header})`
                  : error.header
                    ? ` (${error.header})`
                    : ""}
                : {error.message}
              </li>
            ))}
          </ul>
          {check.errorCount > check.errors.length ? (
            <p>…and {check.errorCount - check.errors.length} more.</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

const FIELD_WORDS: Record<PartyDetail["field"], string> = {
  name: "name",
  company: "company",
  email: "e-mail",
  phone: "phone",
  address: "address",
};
const partyLabel = (detail: PartyDetail) =>
  `${detail.partyName} (${detail.kind === "shipper" ? "shipper" : "consignee"})`;

/**
 * What the file says about shippers and consignees already in the address book: the details they lack are added;
 * for each that differs the clerk keeps the stored one (the default) or takes the file's.
 */
function PartyDetails({ check }: { check: Exclude<ShipmentImportActionData, { intent: "upload" }> }) {
  if (check.fillCount === 0 && check.conflictCount === 0) return null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 text-sm">
      {check.fillCount > 0 ? (
        <div>
          <p className="font-medium">
            Added to {check.fillCount === 1 ? "a party" : "parties"} already in the address book (they had
            none):
          </p>
          <ul className="mt-1 flex flex-col gap-1" aria-label="Details added to existing parties">
            {check.fills.map((detail) => (
              <li key={`${detail.kind}:${detail.partyId}:${detail.field}`} className="break-words">
                {partyLabel(detail)}: {FIELD_WORDS[detail.field]} {detail.file}
              </li>
            ))}
          </ul>
          {check.fillCount > check.fills.length ? (
            <p>…and {check.fillCount - check.fills.length} more.</p>
          ) : null}
        </div>
      ) : null}
      {check.conflictCount > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium">
            The file differs from the address book: choose which to keep before importing.
          </legend>
          {check.conflicts.map((detail) => {
            const key = `${detail.kind}:${detail.partyId}:${detail.field}`;
            return (
              <div
                key={key}
                role="radiogroup"
                aria-label={`${partyLabel(detail)}, ${FIELD_WORDS[detail.field]}`}
              >
                <p className="break-words">
                  {partyLabel(detail)}, {FIELD_WORDS[detail.field]}:
                </p>
                <label className="flex items-start gap-2 break-words">
                  <input type="radio" name={`detail:${key}`} value="keep" defaultChecked className="mt-1" />
                  <span>Keep {detail.stored}</span>
                </label>
                <label className="flex items-start gap-2 break-words">
                  <input type="radio" name={`detail:${key}`} value="replace" className="mt-1" />
                  <span>Replace with {detail.file}</span>
                </label>
              </div>
            );
          })}
          {check.conflictCount > check.conflicts.length ? (
            <p>…and {check.conflictCount - check.conflicts.length} more, kept as they are.</p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
