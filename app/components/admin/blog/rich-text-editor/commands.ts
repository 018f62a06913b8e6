// The rich-text editor's editing commands and what the toolbar shows as pressed.

/** What the selection is in: the toolbar's pressed buttons. */
export type Formats = {
  bold: boolean;
  italic: boolean;
  block: string;
  ul: boolean;
  ol: boolean;
  link: boolean;
  code: boolean;
};

export const NO_FORMATS: Formats = {
  bold: false,
  italic: false,
  block: "p",
  ul: false,
  ol: false,
  link: false,
  code: false,
};

/** `document.execCommand` is old but still the one editing API every browser shares. */
export function exec(command: string, value?: string): boolean {
  try {
    return document.execCommand(command, false, value);
  } catch {
    return false;
  }
}

export function closestInEditor(
  editor: HTMLElement,
  node: Node | null,
  selector: string,
): HTMLElement | null {
  const element = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null);
  const found = element?.closest<HTMLElement>(selector) ?? null;
  return found && editor.contains(found) ? found : null;
}
