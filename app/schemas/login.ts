import { z } from "zod";

/** The login page's messages, word for word from the spec. */
export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  failed: "An error occurred during login. Please try again.",
  unexpected: "An unexpected error occurred. Please try again later.",
} as const;

/** An e-mail address typed into a form: trimmed, at most 254 characters. */
export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, { error: "Email is required." })
  .max(254, { error: "Please enter a valid email address." })
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const loginSchema = z.object({
  email: emailField,
  // Never trimmed; anything longer than any valid password simply fails to match.
  password: z.string({ error: "Password is required." }).max(1024, { error: "Invalid email or password" }),
  redirectTo: z.string().max(2048).optional(),
});

/** How long an e-mailed password-reset link works. */
export const RESET_LINK_MINUTES = 30;

export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * The page to return to after login: only a path on this site (one leading '/', not '//' or '/\'),
 * otherwise the dashboard.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/admin/dashboard",
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes can turn a path into another host in some browsers; anything
  // outside printable ASCII cannot go into a Location header as it is (a remembered path is %-encoded).
  if (/[^\u0021-\u007e]|\\/.test(to)) return fallback;
  if (to === "/admin-login" || to.startsWith("/admin-login?") || to.startsWith("/admin/logout"))
    return fallback;
  return to;
}
