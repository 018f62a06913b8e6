// Placeholder while the session builds it (never landed as is).
export default function Placeholder() {
  return <h1 className="text-2xl font-bold text-brand-900">Coming</h1>;
}
