import {
  SocialLink,
  type SocialNetwork,
  socialNetworkNames,
} from "#app/components/site/layout/social-link.tsx";
import type { TeamMember } from "#app/content/team.ts";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

const memberNetworks = ["linkedin", "twitter", "facebook"] satisfies SocialNetwork[];

function TeamCard({ member }: { member: TeamMember }) {
  const t = useT();
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={member.image}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        className="aspect-square w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 translate="no" className="text-lg font-semibold text-brand-900">
          {member.name}
        </h3>
        <p className="text-sm font-medium text-accent-700">{member.role}</p>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-600">{member.bio}</p>
        <ul className="mt-4 flex gap-2" aria-label={t("{name} on social media", { name: member.name })}>
          {memberNetworks.map((network) => (
            <li key={network}>
              <SocialLink
                network={network}
                url={member.social[network]}
                label={t("{name} on {network}", { name: member.name, network: socialNetworkNames[network] })}
                className="bg-brand-50 text-brand-700 hover:bg-brand-100"
              />
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** 'Meet The Team': four cards with photo, name, role, short bio and social links. */
/** The members come from the route's loader, so their copy travels as data, not as page code. */
export function TeamSection({
  className,
  section,
  members,
}: {
  className?: string;
  section: { title: string; intro: string };
  members: TeamMember[];
}) {
  return (
    <section aria-labelledby="team-title" className={cn("py-20", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="team-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">
            {section.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.intro}</p>
        </div>
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {members.map((member) => (
            <TeamCard key={member.name} member={member} />
          ))}
        </ul>
      </div>
    </section>
  );
}
