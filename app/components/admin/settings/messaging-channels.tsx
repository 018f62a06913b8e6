import { Badge } from "#app/components/ui/badge.tsx";

export type MessagingChannelRow = {
  name: string;
  on: boolean;
  /** How it sends when on; why it is off (and what to set) when off. */
  detail: string;
};

/**
 * Which ways out the site has (e-mail, SMS, WhatsApp): each on or off in words (not colour alone), with how
 * it sends or why it is off. Read-only: channels are set in the environment (README, .env.example).
 */
export function MessagingChannels({
  channels,
  allowedCountries,
}: {
  channels: MessagingChannelRow[];
  allowedCountries: readonly string[];
}) {
  return (
    <div className="flex flex-col gap-3">
      <OnOffList rows={channels} />
      <p className="text-sm text-slate-600">
        Text messages go only to mobile numbers in: {allowedCountries.join(", ")}.
      </p>
    </div>
  );
}

/** Things that are on or off, each said in words (not colour alone) with how it works or why it is off. */
export function OnOffList({ rows }: { rows: MessagingChannelRow[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {rows.map((row) => (
        <li key={row.name} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:gap-4">
          <div className="flex items-center gap-2 sm:w-40 sm:shrink-0">
            <span className="font-medium text-slate-900">{row.name}</span>
            <Badge tone={row.on ? "green" : "grey"}>{row.on ? "On" : "Off"}</Badge>
          </div>
          <p className="break-words text-sm text-slate-700">{row.detail}</p>
        </li>
      ))}
    </ul>
  );
}
