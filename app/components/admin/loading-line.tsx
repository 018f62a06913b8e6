// The line that says a back-office page or dialog is loading ('Loading shipment data...'), announced to screen
// readers. It keeps its height while idle: what is below must not jump when a load starts or ends, or a click
// aimed at a button lands beside it (a lost click in the browser tests, 2026-11-28).

export function LoadingLine({ loading, message = "Loading..." }: { loading: boolean; message?: string }) {
  return (
    <p role="status" className="min-h-5 text-sm font-medium text-brand-700">
      {loading ? message : ""}
    </p>
  );
}
