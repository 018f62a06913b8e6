import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { type DocumentContext, documentCompany } from "#app/server/documents/document-context.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/**
 * A finished PDF as the routes send it: a download named after the shipment ('UTG-1234-5678-label.pdf'), for the
 * signed-in staff member only: never stored by a shared or a browser cache (it holds parties' details).
 */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  // Tracking numbers are letters, digits and hyphens; anything else is dropped from the name all the same.
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, "");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `inline; filename="${safe}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * The company (site settings), SITE_URL, the time zone and now: what every document prints besides its shipment;
 * with `locale`, the reader's language (a customer's copy: the address's; none: the document's reader's).
 */
export async function documentContext(
  context: Ctx,
  now = new Date(),
  locale?: Locale,
): Promise<DocumentContext> {
  const { config, siteSettings } = context.get(servicesContext);
  const settings = await siteSettings.get();
  return {
    company: documentCompany(settings),
    siteUrl: config.siteUrl,
    now,
    timeZone: settings.timeZone,
    ...(locale ? { locale } : {}),
  };
}

/** A plain-text refusal (a PDF that cannot be made as asked): the reason, never a stack. */
export function documentRefusal(message: string, status = 400): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
