import type { FormEvent } from "react";
import { isSafeHref } from "#app/components/admin/blog/editor-html.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";

const LINK_MESSAGE =
  "Enter a web address (https://…), an e-mail link (mailto:…) or a page of this site (/…).";

/** The dialog's address as typed, with the message when it was refused; null while the dialog is closed. */
export type LinkDialogState = { href: string; error?: string } | null;

/**
 * 'Insert link': the address for the selected text. A safe address goes to `onApply`; `onClosed` runs once the
 * dialog has closed (applied or not), when the editor can take the focus and the selection back.
 */
export function LinkDialog({
  id,
  state,
  onChange,
  onApply,
  onClosed,
}: {
  /** The id the dialog's field and message are named after. */
  id: string;
  state: LinkDialogState;
  onChange: (state: LinkDialogState) => void;
  onApply: (href: string) => void;
  onClosed: () => void;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog's form sits inside the post's form in React's tree: its submit must not reach the post.
    event.stopPropagation();
    const href = state?.href.trim() ?? "";
    if (!isSafeHref(href)) {
      onChange({ href, error: LINK_MESSAGE });
      return;
    }
    onApply(href);
  };
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? null : onChange(null))}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>Insert link</DialogTitle>
        <DialogDescription>The selected text becomes a link to this address.</DialogDescription>
        {/* A form of its own inside a portal: Enter applies the link without sending the post. */}
        <form onSubmit={apply} noValidate className="flex flex-col gap-4">
          <div>
            <Label htmlFor={`${id}-link`}>Link address</Label>
            <Input
              id={`${id}-link`}
              value={state?.href ?? ""}
              onChange={(event) => onChange({ href: event.target.value })}
              aria-invalid={state?.error ? true : undefined}
              aria-describedby={state?.error ? `${id}-link-error` : undefined}
              autoComplete="off"
            />
            {state?.error ? (
              <p id={`${id}-link-error`} role="alert" className="mt-1 text-sm text-red-700">
                {state.error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onChange(null)}>
              Cancel
            </Button>
            <Button type="submit">Apply link</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
