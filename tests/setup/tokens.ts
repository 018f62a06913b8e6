/**
 * The token with its last character changed, to another one whatever it was: the right length and alphabet,
 * the wrong value. (Always 'A' made the right token of the one in 64 that ends in 'A'.)
 */
export function tamperedToken(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
}
