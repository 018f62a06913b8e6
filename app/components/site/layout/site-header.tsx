import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { useChrome } from "#app/components/site/layout/chrome.ts";
import { LanguageSwitch } from "#app/components/site/layout/language-switch.tsx";
import { accentLinkClass, telHref } from "#app/components/site/layout/site-links.ts";
import { useScrolledPast } from "#app/components/site/use-scrolled-past.ts";
import { headerCondenseOffset } from "#app/content/navigation.ts";
import { cn } from "#app/lib/cn.ts";

type SiteHeaderProps = {
  companyName: string;
  phone: string;
  email: string;
};

const menuId = "mobile-menu";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-50 hover:text-brand-700",
  );
}

function mobileNavLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-2.5 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-50",
  );
}

/** Fixed white top bar; condenses after a short scroll; on small screens the links fold into a menu. */
export function SiteHeader({ companyName, phone, email }: SiteHeaderProps) {
  const condensed = useScrolledPast(headerCondenseOffset);
  const chrome = useChrome();
  // 'Track' on phones, 'Track Package' from the small-tablet width up.
  const { track } = chrome;
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header
      className={cn(
        "fixed inset-x-0 top-0 z-40 bg-white transition-[padding,box-shadow] duration-300",
        condensed ? "py-2 shadow-md" : "py-4",
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          id="site-brand"
          to={chrome.home}
          className="flex min-w-0 items-center gap-2 text-lg font-bold text-brand-900"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          <span className="truncate" translate="no">
            {companyName}
          </span>
        </Link>

        <nav aria-label={chrome.mainNavigation} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {chrome.navigation.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === chrome.home} className={navLinkClass}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitch className="hidden h-10 items-center px-2 text-sm font-medium text-slate-700 hover:text-brand-700 lg:inline-flex" />
          {/* 'Track' beside the menu button on phones, so tracking is one tap from any page. */}
          <Link to={track.path} className={cn(accentLinkClass, "inline-flex h-10 px-3 text-sm sm:px-4")}>
            {track.short}
            <span className="hidden sm:inline">{track.rest}</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-label={chrome.menu}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {open ? (
              <Icon name="x" aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Icon name="menu" aria-hidden="true" className="h-6 w-6" />
            )}
          </button>
        </div>
      </div>

      <div
        id={menuId}
        hidden={!open}
        className="max-h-[calc(100vh-4.5rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-5 sm:px-6 lg:hidden"
      >
        <ul className="mb-3 flex flex-col gap-1 border-b border-slate-200 pb-3 text-sm text-slate-700">
          <li>
            <a
              href={telHref(phone)}
              className="inline-flex items-center gap-2 py-1.5 hover:text-brand-700"
              translate="no"
            >
              <Icon name="phone" aria-hidden="true" className="h-4 w-4 text-accent-700" />
              {phone}
            </a>
          </li>
          <li>
            <a
              href={`mailto:${email}`}
              className="inline-flex items-center gap-2 py-1.5 hover:text-brand-700"
              translate="no"
            >
              <Icon name="mail" aria-hidden="true" className="h-4 w-4 text-accent-700" />
              {email}
            </a>
          </li>
        </ul>
        <nav aria-label={chrome.mainNavigation}>
          <ul className="flex flex-col gap-1">
            {chrome.navigation.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === chrome.home} className={mobileNavLinkClass}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="mt-3 block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-50" />
        <Link
          to={track.path}
          className={cn(accentLinkClass, "mt-4 flex h-11 w-full px-4 text-base sm:hidden")}
        >
          {track.name}
        </Link>
      </div>
    </header>
  );
}
