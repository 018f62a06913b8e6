import { MilestoneTimeline } from "#app/components/site/about/milestone-timeline.tsx";
import { StoryVideoDialog } from "#app/components/site/about/story-video-dialog.tsx";
import { TeamSection } from "#app/components/site/about/team-section.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { aboutPage } from "#app/content/about.ts";
import { teamMembers, teamSection } from "#app/content/team.ts";
import { seo } from "#app/lib/seo.ts";
import type { RootData } from "#app/root.tsx";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    { ...aboutPage.meta, path: "/about" },
    matches.find((match) => match?.id === "root")?.loaderData as RootData,
  );

export function loader() {
  return { team: { section: teamSection, members: teamMembers } };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, mission, vision, video } = aboutPage;
  return (
    <>
      <section aria-labelledby="about-title" className="bg-brand-900 py-16 text-white sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h1 id="about-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-200">{hero.text}</p>
        </div>
      </section>

      <section aria-label={`${mission.title} and ${vision.title}`} className="py-20">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          {[
            { ...mission, icon: "target" as const },
            { ...vision, icon: "eye" as const },
          ].map(({ title, text, icon }) => (
            <article key={title} className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
              <span className="mb-5 flex h-14 w-14 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={icon} aria-hidden="true" className="h-7 w-7" />
              </span>
              <h2 className="text-2xl font-bold text-brand-900">{title}</h2>
              <p className="mt-3 text-lg leading-relaxed text-slate-600">{text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="story-title" className="pb-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="story-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">
              {video.title}
            </h2>
            <p className="mt-4 text-lg text-slate-600">{video.intro}</p>
          </div>
          <StoryVideoDialog />
        </div>
      </section>

      <MilestoneTimeline />
      <TeamSection section={loaderData.team.section} members={loaderData.team.members} />
    </>
  );
}
