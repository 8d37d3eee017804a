import type { DocSetMask, Vocabulary } from '../core/Vocabulary';
import { stemTerm } from '../text/stem';
import { isStopWord } from '../text/stopWords';
import type { QueryWord } from '../text/tokenize';
import type { ParsedQuery } from './parseQuery';
import { COMMON_FACTOR, RARE_WORD_PAGES } from './planQuery';

function isKnown(
  term: string,
  vocabulary: Vocabulary,
  allowed: DocSetMask,
  prefix: boolean,
): boolean {
  const index = vocabulary.indexOf(term);
  const df = index >= 0 ? vocabulary.df(index, allowed) : 0;
  if (df > RARE_WORD_PAGES) return true;
  if (df > 0) {
    // A rare word with a far more common spelling next to it is most likely a typo.
    const maxEdits = term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
    const best = maxEdits === 0 ? undefined : vocabulary.similar(term, maxEdits, allowed, 1)[0];
    return best === undefined || vocabulary.df(best.index, allowed) < df * COMMON_FACTOR;
  }
  if (vocabulary.withStem(stemTerm(term), allowed).length > 0) return true;
  return prefix && vocabulary.completions(term, allowed, 1).length > 0;
}

function correct(term: string, vocabulary: Vocabulary, allowed: DocSetMask): string | undefined {
  const maxEdits = term.length >= 9 ? 2 : term.length >= 4 ? 1 : 0;
  if (maxEdits === 0) return undefined;
  const best = vocabulary.similar(term, maxEdits, allowed, 1)[0];
  return best === undefined ? undefined : vocabulary.terms[best.index];
}

function correctWord(
  word: QueryWord,
  vocabulary: Vocabulary,
  allowed: DocSetMask,
  prefix: boolean,
): string | undefined {
  const whole = word.joined ?? (word.parts[0] as string);
  if (isStopWord(whole) || /^\d+$/.test(whole) || isKnown(whole, vocabulary, allowed, prefix))
    return undefined;
  const fixed = correct(whole, vocabulary, allowed);
  if (fixed !== undefined) return fixed;
  if (word.parts.length < 2) return undefined;
  let changed = false;
  const parts = word.parts.map((part, i) => {
    if (isKnown(part, vocabulary, allowed, prefix && i === word.parts.length - 1)) return part;
    const fixedPart = correct(part, vocabulary, allowed);
    if (fixedPart === undefined) return part;
    changed = true;
    return fixedPart;
  });
  return changed ? parts.join(' ') : undefined;
}

/**
 * "Did you mean": the query with every word the reader's doc sets do not know replaced by the
 * closest known word (most frequent among equally close ones), or null when every word is
 * known or nothing close exists. Only terms of the allowed doc sets are considered, so the
 * correction never reveals a word from a doc set the reader cannot open.
 */
export function didYouMean(
  query: ParsedQuery,
  vocabulary: Vocabulary,
  allowed: DocSetMask,
): string | null {
  let changed = false;
  const pieces: string[] = [];
  query.units.forEach((unit, u) => {
    if (unit.quoted) {
      pieces.push(`"${unit.words.map((w) => w.raw).join(' ')}"`);
      return;
    }
    const word = unit.words[0] as QueryWord;
    const prefix = query.lastIsPrefix && u === query.units.length - 1;
    const fixed = correctWord(word, vocabulary, allowed, prefix);
    if (fixed === undefined) pieces.push(word.raw);
    else {
      changed = true;
      pieces.push(fixed);
    }
  });
  return changed ? pieces.join(' ') : null;
}
