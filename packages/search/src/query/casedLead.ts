import { NAME_CHAR } from '../core/entryHeading';

/**
 * Share of its score a section may lack against the one a hit links to and still be linked for
 * saying a query word in the case it was typed (see {@link casedLead}): enough for two entries
 * the index cannot tell apart, not for one that says the query's words more.
 */
export const CASE_MARGIN = 0.05;

/** True when `text` holds `word` as a whole word: no letter, digit or `_` right beside it. */
export function holdsWord(text: string, word: string): boolean {
  return word !== '' && wordAt(text, word) >= 0;
}

/** Where a word sits in code: after `.` or `:` of a qualified name, or before `(`, `.` or `:`. */
function inCode(text: string, at: number, length: number): boolean {
  const before = at === 0 ? '' : text.charAt(at - 1);
  const after = text.charAt(at + length);
  return before === '.' || before === ':' || after === '(' || after === '.' || after === ':';
}

/** Where `text` holds `word` whole (see {@link holdsWord}), or -1. */
function wordAt(text: string, word: string): number {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text.charAt(at - 1);
    if (!NAME_CHAR.test(before) && !NAME_CHAR.test(text.charAt(at + word.length))) return at;
  }
  return -1;
}

/**
 * True when `heading` says `word` (typed) in another case that tells a name apart: any case but
 * a capital first letter alone in prose (`Anomaly alerts` for `anomaly`, `an anomaly` for
 * `Anomaly`), which sentence case and typing give words of any kind. In code (`mark.Stamp`,
 * `label(`) a capital says a class.
 */
function saysInOtherCase(heading: string, word: string): boolean {
  if (holdsWord(heading, word)) return false;
  const at = wordAt(heading.toLowerCase(), word.toLowerCase());
  if (at < 0) return false;
  const shown = heading.slice(at, at + word.length);
  const capitalOnly = shown.slice(1) === word.slice(1);
  return !capitalOnly || inCode(heading, at, word.length);
}

/** A section a hit may link to: its heading as shown, and its score. */
export interface LeadCandidate {
  heading: string;
  score: number;
}

/**
 * Which of a hit's sections (best first) it links to: the first, unless another, scoring within
 * {@link CASE_MARGIN} of it, says in its heading a query word in the case it was typed that the
 * first's heading says only in another case. The index reads words in lower case, so
 * `sqlalchemy.types.INTEGER` and `sqlalchemy.types.Integer`, or the function `label` and the class
 * `Label`, are one name to it and their entries nearly tie; the case typed tells them apart.
 */
export function casedLead(sections: readonly LeadCandidate[], words: readonly string[]): number {
  const first = sections[0];
  if (first === undefined || sections.length < 2) return 0;
  const cased = words.filter(
    (word) => word.toLowerCase() !== word.toUpperCase() && saysInOtherCase(first.heading, word),
  );
  if (cased.length === 0) return 0;
  const floor = first.score * (1 - CASE_MARGIN);
  for (let i = 1; i < sections.length; i++) {
    const section = sections[i] as LeadCandidate;
    if (section.score < floor) continue;
    if (cased.some((word) => holdsWord(section.heading, word))) return i;
  }
  return 0;
}
