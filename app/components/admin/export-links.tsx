import { Download } from "lucide-react";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * 'Export CSV' and 'Export Excel': downloads of every row the list shows with its current search, filters and sort
 * (the page number aside), from `basePath`/export.csv and .xlsx (decision 020). Plain links: a file, not a page.
 */
export function ExportLinks({
  basePath,
  search,
  label,
}: {
  basePath: string;
  search: string;
  label: string;
}) {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("index");
  for (const [name, value] of [...params]) if (value === "") params.delete(name);
  const query = params.size > 0 ? `?${params}` : "";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`${basePath}/export.csv${query}`} download className={buttonClass({ variant: "outline" })}>
        <Download aria-hidden="true" className="size-4" />
        Export CSV<span className="sr-only"> of {label}</span>
      </a>
      <a href={`${basePath}/export.xlsx${query}`} download className={buttonClass({ variant: "outline" })}>
        <Download aria-hidden="true" className="size-4" />
        Export Excel<span className="sr-only"> of {label}</span>
      </a>
    </div>
  );
}
