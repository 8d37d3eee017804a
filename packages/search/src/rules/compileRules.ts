import type { BoostRule, PinRule, SearchRule } from '@docs-portal/contracts';
import { WORD_PART_CLASS, WORD_START_CLASS, wordsOf } from '@docs-portal/contracts/text';
import { compileSynonyms, type SynonymTable } from '../query/synonyms';

/**
 * A word of a boost pattern: a word as the index reads it (@docs-portal/contracts/text), in which
 * the `*` and `?` wildcards count as letters.
 */
const PATTERN_WORD = new RegExp(`[${WORD_START_CLASS}*?][${WORD_PART_CLASS}*?]*`, 'gu');

/**
 * A query as rules see it: case folded, every run of characters that are not letters or digits
 * (or the marks of a word) turned into one space, trimmed. "How to Install?" and "how to
 * install" are the same query.
 */
export function normaliseRuleQuery(query: string): string {
  // `_` separates words here, unlike in the index.
  return wordsOf(query.normalize('NFKC').toLowerCase().replaceAll('_', ' ')).join(' ');
}

/** A boost pattern normalised like queries, its `*` and `?` wildcards kept. */
export function normaliseRulePattern(pattern: string): string {
  const folded = pattern.normalize('NFKC').toLowerCase().replaceAll('_', ' ');
  return (folded.match(PATTERN_WORD) ?? []).join(' ');
}

/**
 * Whether `text` matches the glob `pattern` (`*` any run of characters, `?` one character,
 * everything else literal). Greedy matching with one backtrack point: time grows with the
 * product of the lengths at worst, never exponentially, whatever the pattern.
 */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c !== undefined && c !== '*' && (c === '?' || c === text[t])) {
      p++;
      t++;
    } else if (c === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** A boost or bury rule with its pattern normalised. */
export interface CompiledBoost {
  rule: BoostRule;
  pattern: string;
}

/** A rule set prepared for queries: pins by normalised query, boosts, extra synonyms. */
export interface CompiledRules {
  /** Normalised query → its pins, by rank. */
  pins: Map<string, PinRule[]>;
  /** Boost and bury rules. */
  boosts: CompiledBoost[];
  /** Synonym groups of the rules (raw words). */
  synonyms: string[][];
  /** Number of rules. */
  size: number;
}

/** Prepares rules (already validated by `RuleSetSchema`) for the engine. */
export function compileRules(rules: readonly SearchRule[]): CompiledRules {
  const pins = new Map<string, PinRule[]>();
  const boosts: CompiledBoost[] = [];
  const synonyms: string[][] = [];
  for (const rule of rules) {
    if (rule.kind === 'pin') {
      const key = normaliseRuleQuery(rule.query);
      if (key === '') continue;
      const list = pins.get(key) ?? [];
      list.push(rule);
      pins.set(key, list);
    } else if (rule.kind === 'boost') {
      const pattern = normaliseRulePattern(rule.pattern);
      if (pattern !== '') boosts.push({ rule, pattern });
    } else {
      synonyms.push([...rule.words]);
    }
  }
  for (const list of pins.values()) list.sort((a, b) => a.rank - b.rank);
  return { pins, boosts, synonyms, size: rules.length };
}

/** The configured synonyms plus the rules' groups (configured groups keep their numbers). */
export function mergeSynonyms(base: SynonymTable, extra: readonly string[][]): SynonymTable {
  if (extra.length === 0) return base;
  const added = compileSynonyms(extra);
  const offset = base.groups.length;
  const byMember = new Map<string, number[]>();
  for (const [key, list] of base.byMember) byMember.set(key, [...list]);
  for (const [key, list] of added.byMember) {
    const merged = byMember.get(key) ?? [];
    for (const index of list) merged.push(index + offset);
    byMember.set(key, merged);
  }
  return {
    byMember,
    groups: [...base.groups, ...added.groups],
    longest: Math.max(base.longest, added.longest),
  };
}

/**
 * Whether `rules` can change the results of `query`: a pin for it, a boost whose pattern matches
 * it, or one of its words in `synonymWords`. Replay skips queries no rule of either set touches.
 */
export function rulesTouch(
  rules: CompiledRules | undefined,
  query: string,
  synonymWords: ReadonlySet<string>,
): boolean {
  const key = normaliseRuleQuery(query);
  if (key === '') return false;
  if (synonymWords.size > 0 && key.split(' ').some((word) => synonymWords.has(word))) return true;
  if (rules === undefined) return false;
  return rules.pins.has(key) || rules.boosts.some((b) => globMatches(b.pattern, key));
}

/** Words of the synonym groups one rule set has and the other has not. */
export function changedSynonymWords(
  a: CompiledRules | undefined,
  b: CompiledRules | undefined,
): Set<string> {
  const key = (group: readonly string[]) => JSON.stringify([...group].sort());
  const inA = new Set((a?.synonyms ?? []).map(key));
  const inB = new Set((b?.synonyms ?? []).map(key));
  const words = new Set<string>();
  for (const [groups, other] of [
    [a?.synonyms ?? [], inB],
    [b?.synonyms ?? [], inA],
  ] as const) {
    for (const group of groups) {
      if (other.has(key(group))) continue;
      for (const member of group)
        for (const w of normaliseRuleQuery(member).split(' ')) words.add(w);
    }
  }
  words.delete('');
  return words;
}

/**
 * The pins and boosts of `rules` that apply to `query`, as a string: two rule sets with the same
 * signature for a query (and the same synonyms for its words) give it the same results.
 */
export function ruleSignature(rules: CompiledRules | undefined, query: string): string {
  const key = normaliseRuleQuery(query);
  if (rules === undefined || key === '') return '';
  const pins = rules.pins.get(key) ?? [];
  const boosts = rules.boosts.filter((b) => globMatches(b.pattern, key)).map((b) => b.rule);
  if (pins.length === 0 && boosts.length === 0) return '';
  const strip = ({ id: _id, ...rest }: { id: string }) => JSON.stringify(rest);
  return JSON.stringify([pins.map(strip), boosts.map(strip).sort()]);
}
