// Every French catalog by part of the site (decision 030). Each file belongs to one part; add a part here.
import { site } from "#app/server/i18n/fr/site.ts";

export const french = { site } as const;
