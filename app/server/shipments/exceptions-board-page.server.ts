import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate } from "#app/lib/format.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import { exceptionSettingsSchema } from "#app/schemas/exception-settings.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  countExceptions,
  EXCEPTION_KINDS,
  findExceptions,
  getExceptionSettings,
  updateExceptionSettings,
} from "#app/server/shipments/exceptions.server.ts";
import type {
  ExceptionKind,
  ExceptionsActionData,
  ExceptionsBoardData,
} from "#app/server/shipments/shipment-views.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The exceptions board's page (/admin/exceptions, decision 018): one kind at a time (?kind=stalled|overdue|delayed),
// paged, with every kind's count, and the 'no update for N days' setting.

type Ctx = Readonly<RouterContextProvider>;

export const EXCEPTION_SETTINGS_INTENT = "save-exception-settings";

export async function loadExceptionsBoard({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<ExceptionsBoardData> {
  const { db, siteSettings } = context.get(servicesContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind");
  const kind: ExceptionKind = EXCEPTION_KINDS.includes(asked as ExceptionKind)
    ? (asked as ExceptionKind)
    : "stalled";
  const pageParam = url.searchParams.get("page");
  const page = pageParam && /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  const [{ stallDays }, { timeZone }] = await Promise.all([getExceptionSettings({ db }), siteSettings.get()]);
  const now = new Date();
  const [counts, found] = await Promise.all([
    countExceptions({ db, stallDays, timeZone, now }),
    findExceptions({ db, kind, stallDays, timeZone, page, now }),
  ]);
  return {
    kind,
    stallDays,
    counts,
    page: found.page,
    pageCount: found.pageCount,
    total: found.total,
    // Dates formatted here so the server and the browser show the same text.
    rows: found.rows.map((row) => ({
      id: row.id,
      trackingNumber: row.trackingNumber,
      status: row.status,
      destination: row.destinationLocation,
      estimatedDelivery: row.estimatedDelivery ? formatDate(row.estimatedDelivery) : null,
      daysSinceUpdate: row.daysSinceUpdate,
      daysLate: row.daysLate,
    })),
  };
}

export async function saveExceptionSettings({ request, context }: { request: Request; context: Ctx }) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db } = services;
  if (!formData || readIntent(formData) !== EXCEPTION_SETTINGS_INTENT) {
    return data<ExceptionsActionData>(
      { result: { status: "error", error: { "": ["The form could not be read. Please try again."] } } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: exceptionSettingsSchema });
  if (submission.status !== "success") {
    return data<ExceptionsActionData>({ result: submission.reply() }, { status: 400 });
  }
  await updateExceptionSettings({ db, settings: submission.value });
  // Back to the kind shown, from its first page (the counts may have changed).
  const back = new URL(requestedPath(request), "http://x");
  back.searchParams.delete("page");
  return redirectWithToast(`${back.pathname}${back.search}`, {
    type: "success",
    title: "Settings saved",
    description: `A shipment with no status update for ${submission.value.stallDays} ${submission.value.stallDays === 1 ? "day" : "days"} is now listed as stalled.`,
  });
}
