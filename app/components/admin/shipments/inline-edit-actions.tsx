import { type KeyboardEvent, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
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

/**
 * Keyboard focus for an edit in place (`?edit=` in the URL): when the form opens, its first field (or the first
 * one a refused save marked invalid) takes the focus; Escape cancels like Cancel; when the form closes
 * (cancelled or saved), the focus goes back to the Edit button instead of falling to the page body. Attach
 * `formRef` and `onKeyDown` to the form and `editRef` to the Edit button.
 */
export function useInlineEditFocus(editing: boolean, reply?: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLAnchorElement>(null);
  const wasEditing = useRef(editing);
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refused save (reply) moves the focus again
  useEffect(() => {
    if (editing) {
      const form = formRef.current;
      const field =
        form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        form?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select");
      field?.focus();
    } else if (wasEditing.current && (!document.activeElement || document.activeElement === document.body)) {
      // The form, and the focus in it, is gone; unless another form took the focus (Edit on another entry).
      editRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing, reply]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void navigate(".", { replace: true, preventScrollReset: true });
  };

  return { formRef, editRef, onKeyDown };
}
