import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { servicesContext } from "#app/context.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import { roleMayUse } from "#app/lib/roles.ts";
import { mayWrite, runAsActor } from "#app/server/audit/audit-connection.server.ts";
import { clearSessionCookie, readSessionToken } from "#app/server/auth/sessions.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { getSessionUser, type SessionUser } from "#app/server/staff/staff-sessions.server.ts";

export type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";

/** The signed-in staff member, set by the admin layout's middleware for every route below it. */
export const adminContext = createContext<SessionUser>();

type Ctx = Readonly<RouterContextProvider>;

export const LOGIN_PATH = "/admin-login";
export const CHANGE_PASSWORD_PATH = "/admin/change-password";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The signed-in user and their session token, or null. */
export async function getAdminSession({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<{ user: SessionUser; token: string } | null> {
  const { db, config } = context.get(servicesContext);
  const token = readSessionToken(request, config);
  if (!token) return null;
  const user = await getSessionUser({ db, config, token });
  return user ? { user, token } : null;
}

/** The text of the 403 answer to an address outside the user's role (decision 019). */
export const FORBIDDEN_MESSAGE = "You do not have access to this page.";

/**
 * The signed-in staff member, or a thrown redirect to the login page that remembers the page asked for and
 * shows 'Authentication required'. A user whose password is temporary is sent to change it first. A user
 * whose role may not use the requested address (the table of app/lib/roles.ts) gets a thrown 403 with no
 * data. Call it in the admin layout's middleware AND in every admin action and admin resource route.
 */
export async function requireAdmin({
  request,
  context,
  allowPasswordChange = false,
}: {
  request: Request;
  context: Ctx;
  allowPasswordChange?: boolean;
}): Promise<SessionUser> {
  const { config } = context.get(servicesContext);
  const session = await getAdminSession({ request, context });
  if (!session) {
    const headers = new Headers(NO_STORE);
    if (readSessionToken(request, config)) headers.append("Set-Cookie", clearSessionCookie(config));
    const redirectTo = requestedPath(request);
    throw redirectWithToast(
      `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`,
      {
        type: "error",
        title: "Authentication required",
        description: "Please log in to access the admin area",
      },
      { headers },
    );
  }
  if (session.user.mustChangePassword && !allowPasswordChange) {
    throw redirect(CHANGE_PASSWORD_PATH, { headers: NO_STORE });
  }
  const pathname = requestedPath(request).split("?")[0] ?? "";
  if (!roleMayUse(session.user.role, pathname, request.method)) {
    throw new Response(FORBIDDEN_MESSAGE, {
      status: 403,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return session.user;
}

/** The signed-in user as set by the admin layout's middleware (loaders below the layout). */
export function getAdmin(context: Ctx): SessionUser {
  return context.get(adminContext);
}

/** The admin layout's guard: no session, no admin page; and no admin page is ever stored by a cache. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await requireAdmin({ request, context });
  context.set(adminContext, user);
  // A request that may write runs on a connection naming the staff member, for the audit log (decision 021).
  const response = await runAsActor({ request, context, actor: user }, next);
  // An event stream (/admin/events) also says no-transform, so compression and proxies never buffer it.
  const noTransform = response.headers.get("Cache-Control")?.includes("no-transform");
  response.headers.set("Cache-Control", noTransform ? "no-store, no-transform" : "no-store");
  return response;
};

/**
 * For an admin resource route outside the layout that writes (the delivery photos' upload): a signed-in staff
 * member's writing request runs on the audit log's connection, as below the layout. Without a session it
 * passes the request on unchanged (the route's own check answers it).
 */
export const auditActorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = mayWrite(request) ? await getAdminSession({ request, context }) : null;
  if (!session) return next();
  return runAsActor({ request, context, actor: session.user }, next);
};

/** Marks every response of a route as not to be stored (login, password pages). */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};
