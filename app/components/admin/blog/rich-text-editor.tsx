import {
  Bold,
  Code,
  CodeXml,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Quote,
  Redo2,
  SquareCode,
  Undo2,
} from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input, Label, Textarea } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  cleanEditorHtml,
  escapeHtml,
  isSafeHref,
  readEditorHtml,
  renestEditor,
  selectionTextOffsets,
  selectTextOffsets,
} from "#app/components/admin/blog/editor-html.ts";

// A small rich-text editor on `contenteditable`: a toolbar (headings, lists, quote, code, links, library images,
// undo), shortcuts Ctrl+B / Ctrl+I / Ctrl+K, and an 'HTML' view of the source. The form field is a textarea kept
// in step with the editor, so the form posts HTML; without JavaScript the textarea is all there is, and works.
// What the browser's editing commands leave badly nested (a list inside a paragraph or a heading) is nested
// again at once, in the editor and in the form field, whatever the typing speed.

export type EditorImage = { src: string; alt: string; width?: number; height?: number };

type Formats = {
  bold: boolean;
  italic: boolean;
  block: string;
  ul: boolean;
  ol: boolean;
  link: boolean;
  code: boolean;
};

const NO_FORMATS: Formats = {
  bold: false,
  italic: false,
  block: "p",
  ul: false,
  ol: false,
  link: false,
  code: false,
};

const LINK_MESSAGE =
  "Enter a web address (https://…), an e-mail link (mailto:…) or a page of this site (/…).";

/** `document.execCommand` is old but still the one editing API every browser shares. */
function exec(command: string, value?: string): boolean {
  try {
    return document.execCommand(command, false, value);
  } catch {
    return false;
  }
}

function closestInEditor(editor: HTMLElement, node: Node | null, selector: string): HTMLElement | null {
  const element = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null);
  const found = element?.closest<HTMLElement>(selector) ?? null;
  return found && editor.contains(found) ? found : null;
}

function ToolbarButton({
  label,
  shortcut,
  icon: Icon,
  pressed,
  onPress,
  children,
}: {
  label: string;
  shortcut?: string;
  icon?: LucideIcon;
  pressed?: boolean;
  onPress: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${label} (${shortcut.replace("Control", "Ctrl")})` : label}
      tabIndex={-1}
      data-toolbar-item=""
      // Keep the editor's selection: the command applies to it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={cn(
        "inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded px-1.5 text-sm font-medium text-slate-700 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600",
        pressed && "bg-brand-100 text-brand-900",
      )}
    >
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-300" />;
}

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
  const [formats, setFormats] = useState<Formats>(NO_FORMATS);
  const [linkDialog, setLinkDialog] = useState<{ href: string; error?: string } | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const labelId = useId();
  const editorId = useId();
  const textareaId = useId();
  const hintId = useId();

  /**
   * The form field follows the editor, cleaned and well nested. A badly nested editor is rewritten well nested
   * first, unless `renest` is false (while an input method composes text, the DOM is left alone).
   */
  const sync = useCallback((renest = true) => {
    const editor = editorRef.current;
    const textarea = textareaRef.current;
    if (!editor || !textarea) return;
    let { html, wellNested } = readEditorHtml(editor);
    if (!wellNested && renest) {
      renestEditor(editor);
      html = readEditorHtml(editor).html;
    }
    const empty = editor.textContent?.trim() === "" && !editor.querySelector("img,hr");
    textarea.value = empty ? "" : html;
  }, []);

  const load = useCallback((html: string) => {
    const editor = editorRef.current;
    if (!editor) return;
    const cleaned = cleanEditorHtml(html);
    editor.innerHTML = cleaned.trim() ? cleaned : "<p><br></p>";
  }, []);

  // Once the page runs in the browser, the editor takes over from the plain textarea.
  useLayoutEffect(() => {
    if (!hydrated) return;
    // The textarea holds the stored content (or what was typed before the page was ready).
    load(textareaRef.current?.value ?? "");
    sync();
  }, [hydrated, load, sync]);

  const readFormats = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!editor.contains(range.commonAncestorContainer)) return;
    savedRange.current = range.cloneRange();
    const node = selection.anchorNode;
    const block = closestInEditor(editor, node, "h2,h3,h4,blockquote,pre,p");
    setFormats({
      bold: document.queryCommandState("bold"),
      italic: document.queryCommandState("italic"),
      ul: Boolean(closestInEditor(editor, node, "ul")),
      ol: Boolean(closestInEditor(editor, node, "ol")),
      block: block?.tagName.toLowerCase() ?? "p",
      link: Boolean(closestInEditor(editor, node, "a")),
      code: Boolean(closestInEditor(editor, node, "code")) && !closestInEditor(editor, node, "pre"),
    });
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    document.addEventListener("selectionchange", readFormats);
    return () => document.removeEventListener("selectionchange", readFormats);
  }, [hydrated, readFormats]);

  /**
   * Focus the editor with the selection it had, when a toolbar button or a dialog took the focus. While
   * the editor itself has the focus (a keyboard shortcut), its live selection is the right one: the saved
   * copy follows `selectionchange`, which fires after the keystrokes, so with fast typing it lags behind
   * the caret, and restoring it moved the caret back and interleaved the text.
   */
  const restoreSelection = useCallback(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const selection = document.getSelection();
    const live =
      document.activeElement === editor &&
      selection !== null &&
      selection.rangeCount > 0 &&
      editor.contains(selection.getRangeAt(0).commonAncestorContainer);
    editor.focus();
    if (!live && savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    exec("styleWithCSS", "false");
    exec("defaultParagraphSeparator", "p");
  }, []);

  /**
   * True while an editing command runs. Its `input` event comes before the browser places the caret where the
   * command leaves it, so the editor is nested again after the command, not from that event (the caret would go
   * back to the start of the line).
   */
  const commandRunning = useRef(false);
  const command = useCallback(
    (action: () => void) => {
      commandRunning.current = true;
      try {
        action();
      } finally {
        commandRunning.current = false;
      }
      sync();
    },
    [sync],
  );

  const run = useCallback(
    (action: () => void) => {
      restoreSelection();
      command(action);
      readFormats();
    },
    [restoreSelection, command, readFormats],
  );

  /**
   * A command that changes blocks (paragraph, heading, list…) but no text. The selection stays on the same text:
   * Chrome puts the caret at the start of a paragraph it turns into a list, and what is typed next went there.
   */
  const runOnBlocks = useCallback(
    (action: () => void) =>
      run(() => {
        const editor = editorRef.current!;
        const before = selectionTextOffsets(editor);
        action();
        sync();
        const after = selectionTextOffsets(editor);
        if (before && (before[0] !== after?.[0] || before[1] !== after?.[1]))
          selectTextOffsets(editor, before);
      }),
    [run, sync],
  );

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

  const applyLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog's form sits inside the post's form in React's tree: its submit must not reach the post.
    event.stopPropagation();
    const href = linkDialog?.href.trim() ?? "";
    if (!isSafeHref(href)) {
      setLinkDialog({ href, error: LINK_MESSAGE });
      return;
    }
    pendingLink.current = href;
    setLinkDialog(null);
  };

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

  /** Arrow keys move between the toolbar's buttons (one tab stop for the whole toolbar). */
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      toolbarRef.current?.querySelectorAll<HTMLButtonElement>("[data-toolbar-item]") ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    for (const [i, item] of items.entries()) item.tabIndex = i === next ? 0 : -1;
    items[next]?.focus();
  };

  // The first toolbar button is the toolbar's tab stop.
  useEffect(() => {
    if (!hydrated) return;
    const first = toolbarRef.current?.querySelector<HTMLButtonElement>("[data-toolbar-item]");
    if (first) first.tabIndex = 0;
  }, [hydrated]);

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
          <div
            ref={toolbarRef}
            role="toolbar"
            aria-label="Formatting"
            aria-controls={sourceMode ? textareaId : editorId}
            onKeyDown={onToolbarKeyDown}
            className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 p-1"
          >
            {sourceMode ? null : (
              <>
                <ToolbarButton
                  label="Bold"
                  shortcut="Control+B"
                  icon={Bold}
                  pressed={formats.bold}
                  onPress={() => run(() => exec("bold"))}
                />
                <ToolbarButton
                  label="Italic"
                  shortcut="Control+I"
                  icon={Italic}
                  pressed={formats.italic}
                  onPress={() => run(() => exec("italic"))}
                />
                <Separator />
                <ToolbarButton
                  label="Paragraph"
                  icon={Pilcrow}
                  pressed={formats.block === "p" && !formats.ul && !formats.ol}
                  onPress={() => runOnBlocks(() => exec("formatBlock", "<p>"))}
                />
                <ToolbarButton
                  label="Heading 2"
                  icon={Heading2}
                  pressed={formats.block === "h2"}
                  onPress={() => toggleBlock("h2")}
                />
                <ToolbarButton
                  label="Heading 3"
                  icon={Heading3}
                  pressed={formats.block === "h3"}
                  onPress={() => toggleBlock("h3")}
                />
                <Separator />
                <ToolbarButton
                  label="Bulleted list"
                  icon={List}
                  pressed={formats.ul}
                  onPress={() => runOnBlocks(() => exec("insertUnorderedList"))}
                />
                <ToolbarButton
                  label="Numbered list"
                  icon={ListOrdered}
                  pressed={formats.ol}
                  onPress={() => runOnBlocks(() => exec("insertOrderedList"))}
                />
                <ToolbarButton
                  label="Quote"
                  icon={Quote}
                  pressed={formats.block === "blockquote"}
                  onPress={() => toggleBlock("blockquote")}
                />
                <ToolbarButton
                  label="Code block"
                  icon={SquareCode}
                  pressed={formats.block === "pre"}
                  onPress={() => toggleBlock("pre")}
                />
                <ToolbarButton
                  label="Inline code"
                  icon={Code}
                  pressed={formats.code}
                  onPress={toggleInlineCode}
                />
                <Separator />
                <ToolbarButton
                  label="Link"
                  shortcut="Control+K"
                  icon={Link2}
                  pressed={formats.link}
                  onPress={openLinkDialog}
                />
                <ToolbarButton label="Remove link" icon={Link2Off} onPress={removeLink} />
                {onRequestImage ? (
                  <ToolbarButton
                    label="Insert image from the media library"
                    icon={ImagePlus}
                    onPress={insertImage}
                  />
                ) : null}
                <Separator />
                <ToolbarButton
                  label="Undo"
                  shortcut="Control+Z"
                  icon={Undo2}
                  onPress={() => run(() => exec("undo"))}
                />
                <ToolbarButton
                  label="Redo"
                  shortcut="Control+Y"
                  icon={Redo2}
                  onPress={() => run(() => exec("redo"))}
                />
                <Separator />
              </>
            )}
            <ToolbarButton
              label="Edit HTML source"
              icon={CodeXml}
              pressed={sourceMode}
              onPress={toggleSource}
            >
              HTML
            </ToolbarButton>
          </div>
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
      {/* tests/e2e/budget.spec.ts finds the editor's code by this hint: change both together. */}
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

      <Dialog open={linkDialog !== null} onOpenChange={(open) => (open ? null : setLinkDialog(null))}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            insertPendingLink();
          }}
        >
          <DialogTitle>Insert link</DialogTitle>
          <DialogDescription>The selected text becomes a link to this address.</DialogDescription>
          {/* A form of its own inside a portal: Enter applies the link without sending the post. */}
          <form onSubmit={applyLink} noValidate className="flex flex-col gap-4">
            <div>
              <Label htmlFor={`${editorId}-link`}>Link address</Label>
              <Input
                id={`${editorId}-link`}
                value={linkDialog?.href ?? ""}
                onChange={(event) => setLinkDialog({ href: event.target.value })}
                aria-invalid={linkDialog?.error ? true : undefined}
                aria-describedby={linkDialog?.error ? `${editorId}-link-error` : undefined}
                autoComplete="off"
              />
              {linkDialog?.error ? (
                <p id={`${editorId}-link-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {linkDialog.error}
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setLinkDialog(null)}>
                Cancel
              </Button>
              <Button type="submit">Apply link</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
