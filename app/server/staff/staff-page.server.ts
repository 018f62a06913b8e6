import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { requireAdmin, type SessionUser } from "#app/server/staff/staff-guards.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** A thrown 404 with no data: the record the address names does not exist. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** What every back-office loader and action starts from: who asks, the services, and the record's id. */
export type StaffPage<Id extends string | undefined = undefined> = {
  user: SessionUser;
  services: Services;
  /** The address's record id, checked to be a UUID (undefined when the handler names none). */
  id: Id;
};

/**
 * The preamble of a back-office loader or action: the session and role check on the server (requireAdmin:
 * a thrown redirect to the login page, to the password change, or a 403, whatever middleware ran before),
 * the services, and, when the address names a record, its id: anything but a UUID is a thrown 404.
 */
export async function requireStaffPage<Id extends string | undefined = undefined>({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id?: Id;
}): Promise<StaffPage<Id>> {
  const user = await requireAdmin({ request, context });
  if (id !== undefined && !isUuid(id)) notFound();
  return { user, services: context.get(servicesContext), id: id as Id };
}

/** requireStaffPage for an action, with the posted form read (null when it cannot be read). */
export async function requireStaffForm<Id extends string | undefined = undefined>(args: {
  request: Request;
  context: Ctx;
  id?: Id;
}): Promise<StaffPage<Id> & { formData: FormData | null }> {
  const page = await requireStaffPage(args);
  return { ...page, formData: await readFormData(args.request) };
}
