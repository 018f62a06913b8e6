import { data, Link } from "react-router";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/$";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Page Not Found", path: location.pathname }, matches);

// An unknown admin address: the layout's middleware has checked the session; answer 404 inside the shell.
export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <section className="flex flex-col items-start gap-4 py-10">
      <p className="text-5xl font-bold text-brand-900">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page Not Found</h1>
      <p className="text-slate-700">This page of the admin area does not exist.</p>
      <Link to="/admin" className={buttonClass()}>
        Back to Dashboard
      </Link>
    </section>
  );
}
