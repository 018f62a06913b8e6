// Every French catalog by part of the site (decision 030). Each file belongs to one part; add a part here.
import { about } from "#app/server/i18n/fr/about.ts";
import { account } from "#app/server/i18n/fr/account.ts";
import { blog } from "#app/server/i18n/fr/blog.ts";
import { documents } from "#app/server/i18n/fr/documents.ts";
import { emails } from "#app/server/i18n/fr/emails.ts";
import { forms } from "#app/server/i18n/fr/forms.ts";
import { home } from "#app/server/i18n/fr/home.ts";
import { invoice } from "#app/server/i18n/fr/invoice.ts";
import { notifications } from "#app/server/i18n/fr/notifications.ts";
import { policies } from "#app/server/i18n/fr/policies.ts";
import { quote } from "#app/server/i18n/fr/quote.ts";
import { services } from "#app/server/i18n/fr/services.ts";
import { site } from "#app/server/i18n/fr/site.ts";
import { tracking } from "#app/server/i18n/fr/tracking.ts";

export const french: Record<
  | "about"
  | "account"
  | "blog"
  | "documents"
  | "emails"
  | "forms"
  | "home"
  | "invoice"
  | "notifications"
  | "policies"
  | "quote"
  | "services"
  | "site"
  | "tracking",
  Readonly<Record<string, string>>
> = {
  about,
  account,
  blog,
  documents,
  emails,
  forms,
  home,
  invoice,
  notifications,
  policies,
  quote,
  services,
  site,
  tracking,
};
