// The offer of French to a French browser on an English page (decision 030), in French, at the foot of the
// screen (fixed: nothing moves). Loaded only for such a browser (layout/language-switch.tsx), apart from the layout so that it is its own file.
import { Link } from "react-router";
import { rememberLanguage } from "#app/lib/i18n/remember-language.ts";

export default function LanguageOffer({ french, onDone }: { french: string; onDone: () => void }) {
  return (
    <section
      lang="fr"
      aria-label="Langue"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg bg-brand-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="min-w-0 flex-1">Cette page existe en français.</p>
      <Link
        to={french}
        hrefLang="fr"
        className="rounded-md bg-white px-3 py-2 font-semibold text-brand-900 hover:bg-slate-100"
        onClick={() => {
          rememberLanguage("fr");
          onDone();
        }}
      >
        Voir en français
      </Link>
      <button
        type="button"
        className="rounded-md px-3 py-2 font-medium text-white underline hover:bg-white/10"
        onClick={() => {
          rememberLanguage("en");
          onDone();
        }}
      >
        Non merci
      </button>
    </section>
  );
}
