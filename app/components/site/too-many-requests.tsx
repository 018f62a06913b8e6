import { Link } from "react-router";

/** The page a client sees after too many requests from its address: what happened and when to come back. */
export function TooManyRequests({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900">Too many requests</h1>
      <p role="alert" className="text-slate-700">
        Too many requests from your address. Please try again in{" "}
        {Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.
      </p>
      <Link to="/" className="font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </>
  );
}
