import { Truck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { ServerToast } from "#app/lib/toast.tsx";

/** The frame of the pages around signing in: login, forgotten password, reset link, forced password change. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-10"
    >
      <Link
        to="/"
        className="mb-6 flex items-center gap-2 rounded-md text-lg font-bold text-brand-900 hover:text-brand-700"
      >
        <Truck aria-hidden="true" className="size-6 text-accent-600" />
        <span>Back to website</span>
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="p-6 pb-2">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </CardHeader>
        <CardContent className="p-6 pt-4">{children}</CardContent>
      </Card>
      {footer ? <div className="mt-4 text-sm text-slate-700">{footer}</div> : null}
      <ServerToast />
    </main>
  );
}
