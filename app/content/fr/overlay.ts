/** The English items with their words replaced by the French ones, item by item in the same order. */
export function withFrenchWords<T extends object>(
  english: readonly T[],
  french: ReadonlyArray<Partial<T>>,
): T[] {
  return english.map((item, i) => ({ ...item, ...french[i] }));
}
