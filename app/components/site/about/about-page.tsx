import { MilestoneTimeline } from "#app/components/site/about/milestone-timeline.tsx";
import { StoryVideoDialog } from "#app/components/site/about/story-video-dialog.tsx";
import { TeamSection } from "#app/components/site/about/team-section.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import type { AboutPageCopy } from "#app/content/pages.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

/** /about: the story, mission and vision, the video, the milestones and the team (copy from the loader). */
export function AboutPage({ loaderData }: { loaderData: AboutPageCopy }) {
  const { hero, mission, vision, video } = loaderData;
  const t = useT();
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

      <section
        aria-label={t("{mission} and {vision}", { mission: mission.title, vision: vision.title })}
        className="py-20"
      >
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
          <StoryVideoDialog video={video} />
        </div>
      </section>

      <MilestoneTimeline section={loaderData.milestones.section} milestones={loaderData.milestones.items} />
      <TeamSection section={loaderData.team.section} members={loaderData.team.members} />
    </>
  );
}
