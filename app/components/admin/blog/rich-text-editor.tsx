import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cleanEditorHtml, escapeHtml } from "#app/components/admin/blog/editor-html.ts";
import { closestInEditor, exec } from "#app/components/admin/blog/rich-text-editor/commands.ts";
import {
  LinkDialog,
  type LinkDialogState,
} from "#app/components/admin/blog/rich-text-editor/link-dialog.tsx";
import { FormattingToolbar } from "#app/components/admin/blog/rich-text-editor/toolbar.tsx";
import { useEditingSurface } from "#app/components/admin/blog/rich-text-editor/use-editing-surface.ts";
import { Label, Textarea } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

// A small rich-text editor on `contenteditable`: a toolbar (headings, lists, quote, code, links, library images,
// undo), shortcuts Ctrl+B / Ctrl+I / Ctrl+K, and an 'HTML' view of the source. The form field is a textarea kept
// in step with the editor, so the form posts HTML; without JavaScript the textarea is all there is, and works.
// What the browser's editing commands leave badly nested (a list inside a paragraph or a heading) is nested
// again at once, in the editor and in the form field, whatever the typing speed.
// Its parts, in rich-text-editor/: the editing surface's state (use-editing-surface.ts), the toolbar, the link
// dialog, and the editing commands.

export type EditorImage = { src: string; alt: string; width?: number; height?: number };

export function RichTextEditor({
  name,
  label,
  defaultValue,
  errors,
  errorId,
  onRequestImage,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  errorId: string;
  /** Opens the media library; the editor inserts the chosen image where the cursor was. */
  onRequestImage?: (insert: (image: EditorImage) => void) => void;
}) {
  const hydrated = useHydrated();
  const [sourceMode, setSourceMode] = useState(false);
  const [linkDialog, setLinkDialog] = useState<LinkDialogState>(null);
  const labelId = useId();
  const editorId = useId();
  const textareaId = useId();
  const hintId = useId();

  const {
    editorRef,
    textareaRef,
    formats,
    sync,
    load,
    restoreSelection,
    commandRunning,
    command,
    run,
    runOnBlocks,
  } = useEditingSurface(hydrated);

  const toggleBlock = (tag: string) =>
    runOnBlocks(() => exec("formatBlock", formats.block === tag ? "<p>" : `<${tag}>`));

  const toggleInlineCode = () =>
    run(() => {
      const editor = editorRef.current!;
      const selection = document.getSelection();
      const code = closestInEditor(editor, selection?.anchorNode ?? null, "code");
      if (code && !code.closest("pre")) {
        code.replaceWith(...Array.from(code.childNodes));
        return;
      }
      const text = selection?.toString() ?? "";
      if (text) exec("insertHTML", `<code>${escapeHtml(text)}</code>`);
    });

  const openLinkDialog = () => {
    const editor = editorRef.current;
    const anchor = editor ? closestInEditor(editor, document.getSelection()?.anchorNode ?? null, "a") : null;
    setLinkDialog({ href: anchor?.getAttribute("href") ?? "https://" });
  };

  /** The address to link once the dialog has closed (its focus trap would keep the editor from focus). */
  const pendingLink = useRef<string | null>(null);

  const insertPendingLink = () => {
    const href = pendingLink.current;
    pendingLink.current = null;
    if (!href) {
      restoreSelection();
      return;
    }
    run(() => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed) {
        const editor = editorRef.current!;
        const anchor = closestInEditor(editor, selection?.anchorNode ?? null, "a");
        if (anchor) anchor.setAttribute("href", href);
        else exec("insertHTML", `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`);
      } else {
        exec("createLink", href);
      }
    });
  };

  const removeLink = () =>
    run(() => {
      const editor = editorRef.current!;
      const selection = document.getSelection();
      const anchor = closestInEditor(editor, selection?.anchorNode ?? null, "a");
      if (anchor && selection?.isCollapsed) {
        const range = document.createRange();
        range.selectNodeContents(anchor);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      exec("unlink");
    });

  const insertImage = () => {
    if (!onRequestImage) return;
    onRequestImage((image) =>
      run(() => {
        const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : "";
        exec("insertHTML", `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}"${size}>`);
      }),
    );
  };

  const toggleSource = () => {
    if (sourceMode) {
      load(textareaRef.current?.value ?? "");
      sync();
      setSourceMode(false);
      requestAnimationFrame(() => editorRef.current?.focus());
    } else {
      sync();
      setSourceMode(true);
      requestAnimationFrame(() => textareaRef.current?.focus());
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "b" || key === "i") {
      event.preventDefault();
      run(() => exec(key === "b" ? "bold" : "italic"));
    } else if (key === "k") {
      event.preventDefault();
      openLinkDialog();
    }
  };

  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData("text/html");
    const text = event.clipboardData.getData("text/plain");
    command(() => (html ? exec("insertHTML", cleanEditorHtml(html)) : exec("insertText", text)));
  };

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    // Dropped files would become data: images; images come from the media library instead.
    if (event.dataTransfer.files.length > 0) event.preventDefault();
  };

  return (
    <div>
      {hydrated && !sourceMode ? (
        // The editing surface is not a form control: the label names it (aria-labelledby) and focuses it.
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a mouse convenience; the editor is in the tab order
        <span
          id={labelId}
          onClick={() => editorRef.current?.focus()}
          className="mb-1.5 block text-sm font-medium text-slate-800"
        >
          {label}
        </span>
      ) : (
        <Label id={labelId} htmlFor={textareaId}>
          {label}
        </Label>
      )}
      <div
        className={cn(
          "overflow-hidden rounded-md border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
          errors?.length && "border-red-600",
        )}
      >
        {hydrated ? (
          <FormattingToolbar
            controls={sourceMode ? textareaId : editorId}
            formats={formats}
            sourceMode={sourceMode}
            actions={{
              run,
              runOnBlocks,
              toggleBlock,
              toggleInlineCode,
              openLinkDialog,
              removeLink,
              insertImage: onRequestImage ? insertImage : undefined,
              toggleSource,
            }}
          />
        ) : null}
        {hydrated ? (
          // biome-ignore lint/a11y/useSemanticElements: a rich-text editing surface cannot be a textarea
          <div
            ref={editorRef}
            id={editorId}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
            aria-invalid={errors?.length ? true : undefined}
            contentEditable
            suppressContentEditableWarning
            tabIndex={0}
            hidden={sourceMode}
            onInput={(event) =>
              sync(!(event.nativeEvent as InputEvent).isComposing && !commandRunning.current)
            }
            onCompositionEnd={() => sync()}
            onBlur={() => sync()}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onDrop={onDrop}
            className={cn(
              "min-h-[300px] max-h-[70vh] overflow-y-auto px-4 py-3 text-base leading-relaxed text-slate-900 outline-none",
              "[&>*+*]:mt-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-bold [&_a]:text-brand-700 [&_a]:underline",
              "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-4 [&_blockquote]:italic",
              "[&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:font-mono [&_pre]:text-sm [&_pre]:text-slate-100",
              "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm [&_pre_code]:bg-transparent [&_pre_code]:p-0",
              "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded",
            )}
          />
        ) : null}
        <Textarea
          ref={textareaRef}
          id={textareaId}
          name={name}
          defaultValue={defaultValue}
          aria-labelledby={labelId}
          aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errors?.length ? true : undefined}
          hidden={hydrated && !sourceMode}
          spellCheck={!sourceMode}
          className={cn("min-h-[300px] rounded-none border-0 focus:ring-0", hydrated && "font-mono text-sm")}
        />
      </div>
      {/* tests/e2e/platform/budget.spec.ts finds the editor's code by this hint: change both together. */}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hydrated
          ? "Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link. 'HTML' shows the source."
          : "HTML is allowed: headings, paragraphs, lists, links, images, quotes and code."}
      </p>
      {errors?.length ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}

      <LinkDialog
        id={editorId}
        state={linkDialog}
        onChange={setLinkDialog}
        onApply={(href) => {
          pendingLink.current = href;
          setLinkDialog(null);
        }}
        onClosed={insertPendingLink}
      />
    </div>
  );
}
