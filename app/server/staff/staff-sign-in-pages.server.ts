import { parseWithZod } from "@conform-to/zod/v4";
import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { homeOrAllowed, ROLE_HOME } from "#app/lib/roles.ts";
import { forgotPasswordSchema, LOGIN_MESSAGES, loginSchema, safeRedirect } from "#app/schemas/login.ts";
import { resetPasswordSchema } from "#app/schemas/password.ts";
import { tooManyAttemptsMessage } from "#app/server/auth/login-throttle.server.ts";
import { clearSessionCookie, readSessionToken } from "#app/server/auth/sessions.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { CHANGE_PASSWORD_PATH, getAdminSession } from "#app/server/staff/staff-guards.server.ts";
import {
  isResetTokenValid,
  login,
  requestPasswordReset,
  resetPasswordWithToken,
} from "#app/server/staff/staff-sign-in.server.ts";
import { INVALID_RESET_LINK } from "#app/server/staff/staff-views.ts";

// The staff's sign-in pages: /admin-login, /admin-forgot-password and /admin-reset-password.

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The login page: a signed-in user goes straight to the role's first page. */
export async function loadLoginPage({ request, context }: PageArgs) {
  const session = await getAdminSession({ request, context });
  if (session) throw redirect(ROLE_HOME[session.user.role]);
  return null;
}

export async function loginPageAction({ request, context }: PageArgs) {
  const { db, config, logger } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  try {
    const result = await login({
      db,
      config,
      email,
      password,
      ip: clientIp,
      userAgent: request.headers.get("user-agent"),
      previousToken: readSessionToken(request, config),
    });
    if (!result.ok) {
      const throttled = result.reason === "throttled";
      const message = throttled ? tooManyAttemptsMessage(result.retryAfterSeconds) : LOGIN_MESSAGES.invalid;
      return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
        status: throttled ? 429 : 401,
        headers: throttled ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      });
    }
    const headers = new Headers({ "Set-Cookie": result.cookie });
    if (result.user.mustChangePassword) return redirect(CHANGE_PASSWORD_PATH, { headers });
    return redirectWithToast(
      // The remembered page when the role may use it, else the role's first page (never a 403).
      homeOrAllowed(result.user.role, safeRedirect(redirectTo, ROLE_HOME[result.user.role])),
      { type: "success", title: "Login successful", description: "Welcome to the admin dashboard" },
      { headers },
    );
  } catch (error) {
    logger.error({ err: error }, "Login failed");
    return data(submission.reply({ formErrors: [LOGIN_MESSAGES.failed], hideFields: ["password"] }), {
      status: 500,
    });
  }
}

/** The reset link's request: rate limited by address, and the same answer whether or not the account exists. */
export async function forgotPasswordPageAction({ request, context }: PageArgs) {
  const { db, config, logger } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });

  const limit = await consumeRateLimit({
    db,
    key: `reset:address:${clientIp}`,
    limit: 10,
    windowSeconds: 15 * 60,
  });
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    const message = `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    return data({ result: submission.reply({ formErrors: [message] }), sentTo: null }, { status: 429 });
  }
  try {
    await requestPasswordReset({ db, config, logger, email: submission.value.email });
  } catch (error) {
    logger.error({ err: error }, "Password reset request failed");
    const message = "An error occurred. Please try again.";
    return data({ result: submission.reply({ formErrors: [message] }), sentTo: null }, { status: 500 });
  }
  // The same answer whether or not the address belongs to an account.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

// The link's token is in the address: never cache the page, never send it on in a Referer.
export const resetLinkMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
};

/** The reset page: the link's token when it is still valid, else null (the page says the link is dead). */
export async function loadResetPasswordPage({ request, context }: PageArgs) {
  const { db } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isResetTokenValid({ db, token }));
  return { token: valid ? token : null };
}

export async function resetPasswordPageAction({ request, context }: PageArgs) {
  const { db, config } = context.get(servicesContext);
  const formData = (await readFormData(request)) ?? new FormData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hidden = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const done = await resetPasswordWithToken({
    db,
    token: submission.value.token,
    password: submission.value.newPassword,
    clientAddress: context.get(requestContext).clientIp,
  });
  if (!done)
    return data(submission.reply({ formErrors: [INVALID_RESET_LINK], hideFields: hidden }), { status: 400 });
  return redirectWithToast(
    "/admin-login",
    { type: "success", title: "Password reset", description: "Log in with your new password." },
    { headers: { "Set-Cookie": clearSessionCookie(config) } },
  );
}
