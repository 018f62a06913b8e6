import type { Config } from "#app/server/platform/config.server.ts";

export type CookieConfig = Pick<Config, "isProduction" | "siteUrl">;

/** Cookies are Secure (and may take the `__Host-` prefix) only in production behind https. */
export function isSecureSite(config: CookieConfig): boolean {
  return config.isProduction && config.siteUrl.startsWith("https://");
}

/**
 * A `Set-Cookie` value: HttpOnly, SameSite=Lax, Secure on an https site. `maxAgeSeconds` 0 clears it. A cookie
 * for the whole site (path "/") takes the `__Host-` prefix when Secure, which pins it to this exact host.
 */
export function cookieHeader({
  config,
  name,
  value,
  maxAgeSeconds,
  path = "/",
}: {
  config: CookieConfig;
  name: string;
  value: string;
  maxAgeSeconds: number;
  path?: string;
}): string {
  const secure = isSecureSite(config);
  return `${cookieName({ config, name, path })}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

export function cookieName({
  config,
  name,
  path = "/",
}: {
  config: CookieConfig;
  name: string;
  path?: string;
}) {
  return isSecureSite(config) && path === "/" ? `__Host-${name}` : name;
}

/** A random token (createToken's shape: 43 base64url characters) from the request's cookie, or null. */
export function readTokenCookie({
  request,
  config,
  name,
  path = "/",
}: {
  request: Request;
  config: CookieConfig;
  name: string;
  path?: string;
}): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const wanted = cookieName({ config, name, path });
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== wanted) continue;
    const value = part.slice(index + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}
