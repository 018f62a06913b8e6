import type { Milestone, milestonesSection } from "#app/content/milestones.ts";

/**
 * 'Our Journey': the seven milestones from 2010 to 2025 on a vertical line. They come from the route's loader,
 * in the page's language, so their copy travels as data, not as page code.
 */
export function MilestoneTimeline({
  section,
  milestones,
}: {
  section: typeof milestonesSection;
  milestones: Milestone[];
}) {
  return (
    <section aria-labelledby="milestones-title" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="milestones-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">
            {section.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.intro}</p>
        </div>
        <ol
          aria-labelledby="milestones-title"
          className="relative mt-12 space-y-10 border-l-2 border-brand-100 pl-8"
        >
          {milestones.map((milestone) => (
            <li key={milestone.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.6rem] h-5 w-5 rounded-full border-4 border-white bg-accent-700 shadow"
              />
              <p className="text-sm font-bold tracking-wide text-accent-700">
                <time dateTime={String(milestone.year)}>{milestone.year}</time>
              </p>
              <h3 className="mt-1 text-xl font-semibold text-brand-900">{milestone.title}</h3>
              <p className="mt-2 text-slate-600">{milestone.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
