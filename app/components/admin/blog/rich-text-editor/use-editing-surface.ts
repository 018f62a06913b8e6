import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  cleanEditorHtml,
  readEditorHtml,
  renestEditor,
  selectionTextOffsets,
  selectTextOffsets,
} from "#app/components/admin/blog/editor-html.ts";
import {
  closestInEditor,
  exec,
  type Formats,
  NO_FORMATS,
} from "#app/components/admin/blog/rich-text-editor/commands.ts";

/**
 * The rich-text editor's editing surface and its form field: the surface takes over from the textarea once the
 * page runs in the browser, the textarea follows every change (cleaned, well nested), the toolbar's pressed
 * buttons follow the selection, and `run` / `runOnBlocks` apply a command to the selection the editor had.
 */
export function useEditingSurface(hydrated: boolean) {
  const [formats, setFormats] = useState<Formats>(NO_FORMATS);
  const editorRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const savedRange = useRef<Range | null>(null);

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

  return {
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
  };
}
