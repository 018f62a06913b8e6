/**
 * Class names joined, the false ones left out: `cn("a", open && "b")`. Strings only (no objects or arrays):
 * every page loads this, so it is the few bytes it needs rather than a library.
 */
export function cn(...inputs: Array<string | false | null | undefined | 0>): string {
  return inputs.filter(Boolean).join(" ");
}
