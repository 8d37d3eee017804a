/**
 * Lower-cases a word and removes diacritics (`Café` → `cafe`), so that index and query terms
 * compare the same way whatever the reader typed.
 */
export function foldCase(word: string): string {
  const lower = word.toLowerCase();
  // Plain ASCII needs no decomposition; this keeps the common case fast.
  if (!/[\u0080-\uffff]/.test(lower)) return lower;
  return lower.normalize('NFKD').replace(/\p{M}+/gu, '');
}
