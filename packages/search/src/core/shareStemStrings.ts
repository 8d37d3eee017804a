import type { VocabularyRow } from './Vocabulary';

/**
 * Makes each row's stem the very string of its term when the two are equal, which is most terms
 * (identifiers, numbers, words the stemmer leaves alone), so that the vocabulary keeps one string
 * for them instead of two: a database driver gives every column value a string of its own. On the
 * Python docs (57,000 terms) that is 2.2 MB of the vocabulary's 14 MB.
 */
export function shareStemStrings<Row extends VocabularyRow>(rows: Row[]): Row[] {
  for (const row of rows) if (row.stem === row.term) row.stem = row.term;
  return rows;
}
