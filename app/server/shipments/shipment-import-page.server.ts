import { data, type RouterContextProvider, redirect } from "react-router";
import {
  type ColumnMapping,
  DATE_FORMATS,
  type DateFormat,
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  type ImportFieldKey,
} from "#app/lib/shipment-import.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { planPartyDetails, runImport } from "#app/server/shipments/shipment-import.server.ts";
import {
  checkRows,
  countExisting,
  createUpload,
  getUpload,
  guessDateFormat,
  mappingErrors,
  saveUploadChoices,
} from "#app/server/shipments/shipment-import-file.server.ts";
import type {
  ImportCheckData,
  ShipmentImportActionData,
  ShipmentImportView,
} from "#app/server/shipments/shipment-views.ts";
import { readSpreadsheet, SpreadsheetError } from "#app/server/spreadsheets/spreadsheet-read.server.ts";
import { requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// The shipment import page (/admin/shipments/import, decision 020, decision 020): upload → preview with the column
// mapping and the date format → every row checked → import, all or nothing, once. The step is in the URL
// (`?upload=<id>`), the file and choices in the database, so any instance can answer any step.

type Ctx = Readonly<RouterContextProvider>;

const PAGE = "/admin/shipments/import";
/** The form's intents. */
export const IMPORT_INTENTS = { upload: "upload", check: "check", import: "import" } as const;
/** At most this many row errors are listed on the page (the count says how many there are). */
const ERRORS_SHOWN = 200;
const PREVIEW_ROWS = 5;

export async function loadShipmentImportPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<ShipmentImportView> {
  const { services } = await requireStaffPage({ request, context });
  const { db } = services;
  const base = { maxMb: IMPORT_MAX_MB, maxRows: IMPORT_MAX_ROWS };
  const id = new URL(request.url).searchParams.get("upload");
  if (!id) return { ...base, step: "upload", notice: null } satisfies ShipmentImportView;
  const upload = await getUpload({ db, id });
  if (!upload) {
    return {
      ...base,
      step: "upload",
      notice: "That upload has expired or does not exist (files are kept for a day). Upload the file again.",
    } satisfies ShipmentImportView;
  }
  let rows: string[][];
  try {
    rows = readSpreadsheet(upload.file).rows;
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    return { ...base, step: "upload", notice: error.message } satisfies ShipmentImportView;
  }
  const [header = [], ...body] = rows;
  const mapping = (upload.mapping as ColumnMapping | null) ?? guessMapping(header);
  const dateColumn = mapping.estimatedDelivery;
  const guess =
    dateColumn === null ? null : guessDateFormat(body.slice(0, 500).map((row) => row[dateColumn] ?? ""));
  return {
    ...base,
    step: "map",
    uploadId: upload.id,
    filename: upload.filename,
    header: header.map((cell, index) => cell.trim() || `Column ${index + 1}`),
    preview: body.slice(0, PREVIEW_ROWS),
    rowCount: body.length,
    mapping,
    dateFormat: upload.dateFormat ?? guess,
    dateGuessed: !upload.dateFormat && guess !== null,
    imported: upload.state === "imported" ? upload.result : null,
    expiresAt: upload.expiresAt.toISOString(),
  } satisfies ShipmentImportView;
}

/** The mapping and date format a check or import form sends; null fields when unreadable. */
function readChoices(formData: FormData) {
  const mapping = {} as ColumnMapping;
  for (const field of IMPORT_FIELDS) {
    const value = formData.get(`map.${field.key}`);
    mapping[field.key as ImportFieldKey] =
      typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : null;
  }
  // The clerk's choice for each differing party detail ('detail:<key>' = keep | replace); keep when not sent.
  const replaceDetails: string[] = [];
  for (const [name, value] of formData.entries()) {
    if (name.startsWith("detail:") && value === "replace" && replaceDetails.length < 10_000)
      replaceDetails.push(name.slice("detail:".length));
  }
  const format = formData.get("dateFormat");
  const dateFormat = typeof format === "string" && format in DATE_FORMATS ? (format as DateFormat) : null;
  return {
    mapping,
    dateFormat,
    updateExisting: formData.get("updateExisting") === "on",
    notify: formData.get("notify") === "on",
    replaceDetails,
  };
}

export async function shipmentImportAction({ request, context }: { request: Request; context: Ctx }) {
  const { user, services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const intent = readIntent(formData);
  if (!formData || !intent)
    return data<ShipmentImportActionData>({ intent: "upload", error: "The form could not be read." }, 400);

  if (intent === IMPORT_INTENTS.upload) {
    const file = formData.get("file");
    if (!file || typeof file === "string" || (file.size === 0 && file.name === "")) {
      return data<ShipmentImportActionData>(
        { intent: "upload", error: "Choose a CSV or Excel (.xlsx) file to upload." },
        400,
      );
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      readSpreadsheet(bytes);
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      logger.info({ userId: user.id, size: bytes.length }, "Import upload refused");
      return data<ShipmentImportActionData>({ intent: "upload", error: error.message }, 400);
    }
    const upload = await createUpload({ db, bytes, filename: file.name, userId: user.id });
    logger.info({ userId: user.id, uploadId: upload.id, size: bytes.length }, "Import file uploaded");
    return redirect(`${PAGE}?upload=${upload.id}`);
  }

  if (intent !== IMPORT_INTENTS.check && intent !== IMPORT_INTENTS.import) {
    return data<ShipmentImportActionData>({ intent: "upload", error: "Unknown action." }, 400);
  }
  const id = formData.get("uploadId");
  const upload = typeof id === "string" ? await getUpload({ db, id }) : null;
  if (!upload) {
    return redirectWithToast(PAGE, {
      type: "error",
      title: "Upload expired",
      description: "The file has expired or does not exist (files are kept for a day). Upload it again.",
    });
  }
  const choices = readChoices(formData);
  const answer = (fields: Partial<ImportCheckData>, status = 400) =>
    data(
      {
        intent,
        ok: false,
        mappingErrors: [],
        errors: [],
        errorCount: 0,
        rowCount: 0,
        created: 0,
        existing: 0,
        fills: [],
        fillCount: 0,
        conflicts: [],
        conflictCount: 0,
        ...fields,
      } satisfies ImportCheckData,
      status,
    );
  if (upload.state === "uploaded") {
    let sheet: ReturnType<typeof readSpreadsheet>;
    try {
      sheet = readSpreadsheet(upload.file);
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      return answer({ message: error.message });
    }
    const problems = mappingErrors(choices.mapping, sheet.rows[0] ?? []);
    if (!choices.dateFormat) problems.push("Choose the date format the file uses.");
    if (problems.length > 0) return answer({ mappingErrors: problems });
    await saveUploadChoices({ db, id: upload.id, mapping: choices.mapping, dateFormat: choices.dateFormat! });
    if (intent === IMPORT_INTENTS.check) {
      const checked = checkRows({ sheet, mapping: choices.mapping, dateFormat: choices.dateFormat! });
      const counts = await countExisting({ db, rows: checked.rows });
      const details =
        checked.errors.length === 0
          ? await planPartyDetails({ db, rows: checked.rows })
          : { fills: [], conflicts: [] };
      return answer(
        {
          ok: checked.errors.length === 0,
          errors: checked.errors.slice(0, ERRORS_SHOWN),
          errorCount: checked.errors.length,
          rowCount: checked.rows.length + new Set(checked.errors.map((e) => e.row)).size,
          created: counts.created,
          existing: counts.existing,
          fills: details.fills.slice(0, ERRORS_SHOWN),
          fillCount: details.fills.length,
          conflicts: details.conflicts.slice(0, ERRORS_SHOWN),
          conflictCount: details.conflicts.length,
        },
        checked.errors.length === 0 ? 200 : 400,
      );
    }
  }

  const outcome = await runImport({
    db,
    id: upload.id,
    updateExisting: choices.updateExisting,
    notify: choices.notify,
    replaceDetails: choices.replaceDetails,
  });
  if (!outcome.ok) {
    if (outcome.reason === "invalid") {
      return answer({
        mappingErrors: outcome.mappingErrors,
        errors: outcome.errors.slice(0, ERRORS_SHOWN),
        errorCount: outcome.errors.length,
        message: "Nothing was imported: correct the rows listed and upload the file again.",
      });
    }
    if (outcome.reason === "file") return answer({ message: outcome.message });
    return redirectWithToast(PAGE, {
      type: "error",
      title: "Upload expired",
      description: "The file has expired or does not exist. Upload it again.",
    });
  }
  const { created, updated, skipped } = outcome.result;
  if (!outcome.repeated) {
    logger.info(
      { userId: user.id, uploadId: upload.id, ...outcome.result, notify: choices.notify },
      "Shipments imported",
    );
  }
  return redirectWithToast("/admin/shipments", {
    type: "success",
    title: outcome.repeated ? "This file was already imported" : "Shipments imported",
    description: `${created} new, ${updated} updated, ${skipped} already there and left as they were.`,
  });
}
