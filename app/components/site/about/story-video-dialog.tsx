import { type MouseEvent, useRef, useState } from "react";
import { Icon } from "#app/components/site/icons.tsx";
import type { aboutPage } from "#app/content/about.ts";

/**
 * A video-style thumbnail; its play button opens a dialog that shows placeholder text (no real video).
 * A native modal <dialog>: the browser keeps the focus inside, closes it on Escape and hands the focus
 * back to the play button; a click on the backdrop closes it too, and the page behind does not scroll.
 */
export function StoryVideoDialog({ video }: { video: (typeof aboutPage)["video"] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  function show() {
    document.documentElement.style.overflow = "hidden";
    dialog.current?.showModal();
    setOpen(true);
  }

  function onClose() {
    document.documentElement.style.overflow = "";
    setOpen(false);
    trigger.current?.focus();
  }

  // The dialog box itself has no padding, so a click that lands on the <dialog> is on its backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) event.currentTarget.close();
  }

  return (
    <>
      <div className="relative overflow-hidden rounded-2xl shadow-lg">
        <img src="/images/about/story.svg" alt="" width={640} height={360} className="aspect-video w-full" />
        <div className="absolute inset-0 flex items-center justify-center bg-brand-900/30">
          <button
            ref={trigger}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls="story-video-dialog"
            onClick={show}
            className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-white text-accent-700 shadow-xl transition-transform hover:scale-105"
          >
            <Icon name="play" aria-hidden="true" className="ml-1 h-9 w-9 fill-current" />
            <span className="sr-only">{video.play}</span>
          </button>
        </div>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the Close button do the same from the keyboard */}
      <dialog
        ref={dialog}
        id="story-video-dialog"
        aria-labelledby="story-video-title"
        aria-describedby="story-video-description"
        onClose={onClose}
        onClick={onClick}
        className="m-auto w-[calc(100%-2rem)] max-w-3xl rounded-2xl border-0 bg-brand-900 p-0 text-white shadow-2xl backdrop:bg-slate-950/80"
      >
        <div className="p-4 sm:p-6">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id="story-video-title" className="text-xl font-semibold">
              {video.title}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/10"
            >
              <Icon name="x" aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">{video.close}</span>
            </button>
          </div>
          <div className="flex aspect-video items-center justify-center rounded-xl bg-black/60 p-6 text-center">
            <p id="story-video-description" className="max-w-md text-lg text-slate-200">
              {video.placeholder}
            </p>
          </div>
        </div>
      </dialog>
    </>
  );
}
