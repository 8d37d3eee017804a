import { isStopWord } from './stopWords';
import { eachToken, tokenizeText, type TokenVisitor } from './tokenize';

/**
 * The number a generator puts before a title or heading to place it in the book: DocBook's
 * `6.16. `, `Chapter 6. `, `Appendix A. `, `A.2. `, `Part II. `, and Sphinx's numbered sections
 * (`1.2. `). A word before the number counts only when it is capitalised and has three letters
 * or more (`Chapter`, `Kapitel`, `Annexe`), so `Dr. Who` or `3D Transform` keep their words.
 * The label must end in a full stop and a space, with words after it.
 */
const SECTION_LABEL =
  /^\s*(?:\p{Lu}\p{Ll}{2,}\s+)?(?:\d+|[A-Z]|[IVXLCDM]+)(?:\.(?:\d+|[A-Z]))*\.\s+(?=\S)/u;

/** The section label a title or heading starts with ("6.16. " of "6.16. Rotation"), or ''. */
export function sectionLabel(text: string): string {
  return SECTION_LABEL.exec(text)?.[0] ?? '';
}

/**
 * Calls `visit` with the tokens of a title or heading (see eachToken), its section label's as
 * joined tokens at the position of its first word that is not a stop word, as if they were parts
 * of that word: a word sharing its position with a matched one is covered by it, so "6.16.
 * Rotation" says exactly "rotation" and exactly "6.16 rotation", "3. The Format of PO Files" says
 * exactly "format of po files" (the label would have kept the unsearched "The" from being a mere
 * stop word), and its label adds no word to its length. Text without a label gives what
 * eachToken gives.
 */
export function eachTitleToken(text: string, visit: TokenVisitor): void {
  const label = sectionLabel(text);
  if (label === '') {
    eachToken(text, visit);
    return;
  }
  const rest: Array<[term: string, position: number, start: number, end: number, joined: boolean]> =
    [];
  eachToken(text.slice(label.length), (term, position, start, end, joined) => {
    rest.push([term, position, start + label.length, end + label.length, joined]);
  });
  const word = rest.find(([term, , , , joined]) => !joined && !isStopWord(term));
  const at = word?.[1] ?? 0;
  let pending = true;
  const visitLabel = () => {
    pending = false;
    for (const token of tokenizeText(label)) visit(token.term, at, token.start, token.end, true);
  };
  for (const [term, position, start, end, joined] of rest) {
    if (pending && position > at) visitLabel();
    visit(term, position, start, end, joined);
  }
  if (pending) visitLabel();
}
