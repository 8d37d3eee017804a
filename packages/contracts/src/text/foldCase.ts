/**
 * Combining marks that are accents on Latin, Greek and Cyrillic letters (`é` = `e` + U+0301).
 * Marks of other scripts are part of the letter: the voicing marks of kana (`が` = `か` + U+3099)
 * and the vowel signs of Indic scripts stay.
 */
const ACCENTS =
  /(?:[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f])+/g;

/**
 * Lower-cases a word and removes accents (`Café` → `cafe`), so that index and query terms
 * compare the same way whatever the reader typed. Compatibility forms are unified (`ﬁ` → `fi`,
 * full-width `Ａ` → `a`, half-width `ｶﾞ` → `ガ`); the marks of scripts other than Latin, Greek
 * and Cyrillic are kept, recomposed.
 */
export function foldCase(word: string): string {
  const lower = word.toLowerCase();
  // Plain ASCII needs no decomposition; this keeps the common case fast.
  if (!/[\u0080-\uffff]/.test(lower)) return lower;
  return lower.normalize('NFKD').replace(ACCENTS, '').normalize('NFC');
}
