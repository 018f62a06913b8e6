import { Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";

/**
 * Save and Cancel under a form edited in place on the shipment detail (a status entry, a party): Cancel
 * goes back to the page without the edit, keeping the scroll position.
 */
export function InlineEditActions({ saving, saveLabel = "Save" }: { saving: boolean; saveLabel?: string }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? "Saving..." : saveLabel}
      </Button>
      <Link to="." replace preventScrollReset className={buttonClass({ variant: "outline", size: "sm" })}>
        Cancel
      </Link>
    </div>
  );
}
