import crypto from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { statusUpdateSchema } from "#app/schemas/shipment-status.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { channelOffReason } from "#app/server/messaging/outbox.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  addStatusUpdates,
  BULK_STATUS_MAX,
  BULK_STATUS_MAX_LISTED,
  type BulkStatusTarget,
  previewBulkTarget,
} from "#app/server/shipments/bulk-status.server.ts";
import type { BulkStatusActionData, BulkStatusView } from "#app/server/shipments/shipment-views.ts";
import { listReturnPath } from "#app/server/shipments/shipment-views.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The bulk status update page (/admin/shipments/bulk-update, decision 017): the shipments ticked in the list
// (`?id=…`), all the list's search matches (`?all=1&q=…&status=…`), or, with neither, the warehouse's scanner: a
// list of tracking numbers. One status update for all of them, once per form; then back to the list as it was
// (`returnTo`: its search, filter, sort and page).

type Ctx = Readonly<RouterContextProvider>;

const LIST_PATH = "/admin/shipments";

/**
 * The names the form carries the list's search and status filter under: the form's own fields are named
 * `status` (the new status) and the like, and a hidden `status` beside them made every update of 'every
 * shipment listed' fail with 'Status is required.'.
 */
const CARRIED_FILTER = { q: "listSearch", status: "listStatus" } as const;

/**
 * The shipments a query (the list's names, `q` and `status`) or a post (`CARRIED_FILTER`) names; null when what
 * it names cannot be read.
 */
function readTarget(
  values: URLSearchParams | FormData,
): { mode: BulkStatusView["mode"]; target: BulkStatusTarget; carry: [string, string][] } | null {
  const names = values instanceof URLSearchParams ? { q: "q", status: "status" } : CARRIED_FILTER;
  const ids = values.getAll("id");
  if (ids.length > 0) {
    if (ids.length > BULK_STATUS_MAX_LISTED || !ids.every((id) => typeof id === "string" && isUuid(id)))
      return null;
    const unique = [...new Set(ids as string[])];
    return { mode: "selected", target: { ids: unique }, carry: unique.map((id) => ["id", id]) };
  }
  if (values.get("all") === "1") {
    const q = values.get(names.q);
    const status = values.get(names.status);
    if ((q !== null && typeof q !== "string") || (status !== null && typeof status !== "string")) return null;
    if ((q ?? "").length > 200 || (status ?? "").length > 60) return null;
    return {
      mode: "matching",
      target: { filter: { search: q ?? "", status: status || undefined } },
      carry: [
        ["all", "1"],
        [CARRIED_FILTER.q, q ?? ""],
        [CARRIED_FILTER.status, status ?? ""],
      ],
    };
  }
  return { mode: "scan", target: { trackingNumbers: [] }, carry: [] };
}

/** The scanner's numbers: one per line (or separated by spaces or commas), each once. */
function readNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
}

export async function loadBulkStatusPage({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<BulkStatusView> {
  const { db, siteSettings } = context.get(servicesContext);
  const { timeZone } = await siteSettings.get();
  const params = new URL(request.url).searchParams;
  const read = readTarget(params);
  if (!read) throw data(null, { status: 400, statusText: "The selection could not be read." });
  const back = listReturnPath(params.get("returnTo"));
  const preview =
    read.mode === "scan" ? { count: 0, sample: [] } : await previewBulkTarget({ db, target: read.target });
  return {
    mode: read.mode,
    carry: back === LIST_PATH ? read.carry : [...read.carry, ["returnTo", back]],
    back,
    count: preview.count,
    sample: preview.sample,
    // The form's own key: the update happens once, however often the form is posted.
    key: crypto.randomUUID(),
    timeZone,
    now: toLocalDateTime(new Date(), timeZone),
    max: BULK_STATUS_MAX,
    maxListed: BULK_STATUS_MAX_LISTED,
  } satisfies BulkStatusView;
}

const formError = (message: string): SubmissionResult<string[]> => ({
  status: "error",
  error: { "": [message] },
});

export async function saveBulkStatus({ request, context }: { request: Request; context: Ctx }) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger, siteSettings } = services;
  const { timeZone } = await siteSettings.get();
  const key = formData?.get("key");
  const read = formData ? readTarget(formData) : null;
  if (!formData || !read || typeof key !== "string" || !isUuid(key)) {
    return data<BulkStatusActionData>(
      { result: formError("The form could not be read. Please open it again from the shipments list.") },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: statusUpdateSchema({ timeZone }) });
  let target = read.target;
  if (read.mode === "scan") {
    const numbers = formData.get("trackingNumbers");
    const list = typeof numbers === "string" ? readNumbers(numbers) : [];
    if (
      list.length === 0 ||
      list.length > BULK_STATUS_MAX_LISTED ||
      (typeof numbers === "string" && numbers.length > 100_000)
    ) {
      const message =
        list.length === 0
          ? "Scan or type at least one tracking number."
          : `At most ${BULK_STATUS_MAX_LISTED} tracking numbers at a time.`;
      return data<BulkStatusActionData>(
        { result: submission.reply({ fieldErrors: { trackingNumbers: [message] } }) },
        { status: 400 },
      );
    }
    target = { trackingNumbers: list };
  }
  if (submission.status !== "success") {
    return data<BulkStatusActionData>({ result: submission.reply() }, { status: 400 });
  }
  const notify = formData.get("notify") === "on";
  // A phone counts as told only while a text channel has a provider (the toast says how many were told).
  const textChannels = {
    sms: !channelOffReason(services.config, "sms"),
    whatsapp: !channelOffReason(services.config, "whatsapp"),
  };
  const done = await addStatusUpdates({ db, target, input: submission.value, notify, key, textChannels });
  if (!done.ok) {
    if (done.reason === "unknown") {
      const message = `No shipment has ${done.unknown.length === 1 ? "this number" : "these numbers"}: ${done.unknown.slice(0, 20).join(", ")}${done.unknown.length > 20 ? ", …" : ""}. Remove or correct ${done.unknown.length === 1 ? "it" : "them"}; nothing was changed.`;
      return data<BulkStatusActionData>(
        { result: submission.reply({ fieldErrors: { trackingNumbers: [message] } }), unknown: done.unknown },
        { status: 400 },
      );
    }
    const message =
      done.reason === "none"
        ? "None of these shipments exists any more; nothing was changed."
        : `At most ${BULK_STATUS_MAX.toLocaleString("en-US")} shipments take one status update: narrow the search.`;
    return data<BulkStatusActionData>(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 400 },
    );
  }
  if (!done.repeated) {
    logger.info({ count: done.count, notify, status: submission.value.status }, "Bulk status update added");
  }
  return redirectWithToast(listReturnPath(formData.get("returnTo")), {
    type: "success",
    title: `Status update added to ${done.count} ${done.count === 1 ? "shipment" : "shipments"}`,
    description: bulkToldText({ notify, alsoSetCurrent: submission.value.alsoSetCurrent, ...done }),
  });
}

/** What the bulk update's toast says of the customers: told only when someone was (decision 013's rules). */
export function bulkToldText({
  notify,
  alsoSetCurrent,
  count,
  told,
}: {
  notify: boolean;
  alsoSetCurrent: boolean;
  count: number;
  told: number | null;
}): string {
  if (told === null) return "This update had been added already; no one was told again.";
  if (!notify) return "Customers were not told.";
  if (!alsoSetCurrent) return "Customers were not told: the update is not the shipments' current status.";
  if (told === 0) {
    return count === 1
      ? "No customer was told: the shipment has no one to tell (no e-mail or phone on file, or notifications off)."
      : "No customer was told: none of these shipments has anyone to tell (no e-mail or phone on file, or notifications off).";
  }
  if (told === count) {
    return count === 1
      ? "Its customers are told as for a single update."
      : "Their customers are told as for a single update.";
  }
  return `The customers of ${told} of the ${count} shipments are told as for a single update; the others have no one to tell.`;
}
