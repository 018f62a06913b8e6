import { redirect } from "react-router";
import { z } from "zod";

const COOKIE = "toast";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
type Toast = z.infer<typeof toastSchema>;

/** A Set-Cookie header carrying a one-shot toast to show after the next page load. */
function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toastSchema.parse(toast))).toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast, if any. */
export function readToast(request: Request): { toast: Toast | null; headers: Headers } {
  const headers = new Headers();
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)toast=([^;]+)/);
  if (!match) return { toast: null, headers };
  headers.append("Set-Cookie", `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")));
    return { toast: parsed.success ? parsed.data : null, headers };
  } catch {
    return { toast: null, headers };
  }
}
