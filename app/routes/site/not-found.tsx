import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-6xl font-bold text-brand-900">404</h1>
      <p className="text-xl text-slate-700">Package Not Found</p>
      <Link to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}
