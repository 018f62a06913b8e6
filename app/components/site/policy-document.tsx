import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { SectionLink } from "#app/components/ui/section-link.tsx";
import type { PolicyBlock, PolicyContact, PolicyDocument as PolicyDoc } from "#app/content/policies.ts";
import { formatCalendarDate } from "#app/lib/format.ts";
import { interpolate } from "#app/lib/i18n/translate.ts";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

const LINK = /\[([^\]]+)\]\(((?:\/|mailto:)[^)\s]*)\)/g;
const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-accent-700";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Puts the company's current name and contact details into a policy text. A French text comes from the loader
 * already elided before the name (elidePolicy), so filling is all that is left to do here.
 */
const fillPolicyText = (text: string, contact: PolicyContact) =>
  interpolate(text, {
    companyName: contact.companyName,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
  });

/**
 * A filled policy text with the company's name and contact details marked as data (`translate="no"`: the same
 * in every language), the rest as it is.
 */
function WithData({ text, contact }: { text: string; contact: PolicyContact }) {
  const values = [contact.companyName, contact.address, contact.email, contact.phone].filter(Boolean);
  if (!values.length) return <>{text}</>;
  const pattern = new RegExp(`(${values.map(escapeRegex).join("|")})`);
  return (
    <>
      {text.split(pattern).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} translate="no">
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * Policy text with its [label](href) links made real (site paths and mailto: only), a site path in the
 * page's language.
 */
function RichText({ text, contact }: { text: string; contact: PolicyContact }) {
  const to = useLocalePath();
  const filled = fillPolicyText(text, contact);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of filled.matchAll(LINK)) {
    const [whole, label, href] = match;
    parts.push(filled.slice(last, match.index));
    parts.push(
      href!.startsWith("/") ? (
        <Link key={match.index} to={to(href!)} className={linkClass}>
          {label}
        </Link>
      ) : (
        <a key={match.index} href={href} className={`${linkClass} break-all`} translate="no">
          {label}
        </a>
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(filled.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? <WithData key={`t${i}`} text={part} contact={contact} /> : part,
      )}
    </>
  );
}

function Block({ block, contact }: { block: PolicyBlock; contact: PolicyContact }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p>
          <RichText text={block.text} contact={contact} />
        </p>
      );
    case "subheading":
      return (
        <h3 className="pt-2 text-lg font-semibold text-slate-900">
          <WithData text={fillPolicyText(block.text, contact)} contact={contact} />
        </h3>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-accent-600">
          {block.items.map((item, i) => (
            <li key={i} className="pl-1">
              {typeof item === "string" ? (
                <RichText text={item} contact={contact} />
              ) : (
                <>
                  <strong className="font-semibold text-slate-900">
                    <WithData text={fillPolicyText(item.term, contact)} contact={contact} />:
                  </strong>{" "}
                  <RichText text={item.text} contact={contact} />
                </>
              )}
            </li>
          ))}
        </ul>
      );
  }
}

/** '2026-11-21' → 'November 21, 2026' / '21 novembre 2026'. */
function calendarDate(isoDate: string, locale: string): string {
  if (locale === "en") return formatCalendarDate(isoDate);
  return new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(new Date(isoDate));
}

/**
 * A policy page: title band with the last-updated date, table of contents, numbered sections. A translation
 * (the French page) says so at the top, and that the English text, linked, prevails.
 */
export function PolicyDocument({
  document,
  contact,
  englishPath,
}: {
  document: PolicyDoc;
  contact: PolicyContact;
  /** The English page's address. */
  englishPath: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-500">{t("Legal")}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{document.title}</h1>
          <p className="mt-4 text-brand-100">
            {t("Last updated:")}{" "}
            <time dateTime={document.lastUpdated}>{calendarDate(document.lastUpdated, locale)}</time>
          </p>
        </div>
      </section>
      {locale === "en" ? null : (
        <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
          <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-800">
            {t("This is a translation of the English text, which prevails in case of any difference.")}{" "}
            <Link to={englishPath} hrefLang="en" className={linkClass}>
              {t("Read the English version")}
            </Link>
          </p>
        </div>
      )}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-label={t("On this page")} className="lg:sticky lg:top-28 lg:self-start">
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <p className="text-sm font-semibold uppercase tracking-wider text-slate-600">
              {t("On this page")}
            </p>
            <ol className="mt-3 space-y-2 text-sm">
              {document.sections.map((section, i) => (
                <li key={section.id}>
                  <SectionLink
                    id={section.id}
                    className="flex gap-2 text-slate-700 hover:text-brand-700 hover:underline"
                  >
                    <span className="w-5 shrink-0 tabular-nums text-slate-600">{i + 1}.</span>{" "}
                    <span>
                      <WithData text={fillPolicyText(section.heading, contact)} contact={contact} />
                    </span>
                  </SectionLink>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="min-w-0 max-w-3xl space-y-10 text-base leading-relaxed text-slate-800 sm:text-lg sm:leading-8">
          <div className="space-y-4">
            {document.intro.map((text, i) => (
              <p key={i}>
                <RichText text={text} contact={contact} />
              </p>
            ))}
          </div>
          {document.sections.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-28 space-y-4"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-brand-900">
                <span className="text-accent-600">{i + 1}.</span>{" "}
                <WithData text={fillPolicyText(section.heading, contact)} contact={contact} />
              </h2>
              {section.blocks.map((block, j) => (
                <Block key={j} block={block} contact={contact} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
