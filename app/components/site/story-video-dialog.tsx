import { Dialog } from "radix-ui";
import { aboutPage } from "~/content/about";
import { Play, X } from "./icons";

/** A video-style thumbnail; its play button opens a dialog that shows placeholder text (no real video). */
export function StoryVideoDialog() {
  const { video } = aboutPage;
  return (
    <Dialog.Root>
      <div className="relative overflow-hidden rounded-2xl shadow-lg">
        <img src="/images/about/story.svg" alt="" width={640} height={360} className="aspect-video w-full" />
        <div className="absolute inset-0 flex items-center justify-center bg-brand-900/30">
          <Dialog.Trigger className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-white text-accent-700 shadow-xl transition-transform hover:scale-105">
            <Play aria-hidden="true" className="ml-1 h-9 w-9 fill-current" />
            <span className="sr-only">{video.play}</span>
          </Dialog.Trigger>
        </div>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-brand-900 p-4 text-white shadow-2xl sm:p-6">
          <div className="mb-4 flex items-center justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">{video.title}</Dialog.Title>
            <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/10">
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">{video.close}</span>
            </Dialog.Close>
          </div>
          <div className="flex aspect-video items-center justify-center rounded-xl bg-black/60 p-6 text-center">
            <Dialog.Description className="max-w-md text-lg text-slate-200">
              {video.placeholder}
            </Dialog.Description>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
