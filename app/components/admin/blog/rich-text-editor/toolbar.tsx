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
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { exec, type Formats } from "#app/components/admin/blog/rich-text-editor/commands.ts";
import { cn } from "#app/lib/cn.ts";

/** What the toolbar's buttons do, given by the editor that owns the selection. */
export type ToolbarActions = {
  /** Runs an inline command on the selection. */
  run: (change: () => void) => void;
  /** Runs a block command (paragraph, lists) on the selected blocks. */
  runOnBlocks: (change: () => void) => void;
  toggleBlock: (tag: string) => void;
  toggleInlineCode: () => void;
  openLinkDialog: () => void;
  removeLink: () => void;
  /** Absent where no media library is offered. */
  insertImage?: () => void;
  toggleSource: () => void;
};

/**
 * The editor's 'Formatting' toolbar: one tab stop, arrow keys between its buttons; in the HTML view only 'HTML'.
 */
export function FormattingToolbar({
  controls,
  formats,
  sourceMode,
  actions: {
    run,
    runOnBlocks,
    toggleBlock,
    toggleInlineCode,
    openLinkDialog,
    removeLink,
    insertImage,
    toggleSource,
  },
}: {
  /** The id of what the toolbar edits: the editing surface, or the HTML source. */
  controls: string;
  formats: Formats;
  sourceMode: boolean;
  actions: ToolbarActions;
}) {
  const toolbarRef = useRef<HTMLDivElement>(null);

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
    const first = toolbarRef.current?.querySelector<HTMLButtonElement>("[data-toolbar-item]");
    if (first) first.tabIndex = 0;
  }, []);

  return (
    <div
      ref={toolbarRef}
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
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
          <ToolbarButton label="Inline code" icon={Code} pressed={formats.code} onPress={toggleInlineCode} />
          <Separator />
          <ToolbarButton
            label="Link"
            shortcut="Control+K"
            icon={Link2}
            pressed={formats.link}
            onPress={openLinkDialog}
          />
          <ToolbarButton label="Remove link" icon={Link2Off} onPress={removeLink} />
          {insertImage ? (
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
      <ToolbarButton label="Edit HTML source" icon={CodeXml} pressed={sourceMode} onPress={toggleSource}>
        HTML
      </ToolbarButton>
    </div>
  );
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
