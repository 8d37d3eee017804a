import type { FieldTokens } from '../core/sectionTokens';

/** Farthest two query words may be apart (in words) and still count as near each other. */
const WINDOW = 6;

/** What proximity scoring needs to know about the query. */
export interface ProximityQuery {
  /** Number of groups. */
  groups: number;
  /** Term id → the groups it stands for (in query order). */
  termGroups: ReadonlyMap<number, readonly number[]>;
  /** Weight of each group (its inverse document frequency; small for stop words). */
  groupWeights: readonly number[];
  /** Groups that count for an exact title or heading. */
  contentGroups: readonly number[];
  /**
   * Term id → how literally it says its query word: 1 for the best way the word matched (the
   * word itself, or the likeliest correction or completion), less for another form of it.
   */
  termQuality: ReadonlyMap<number, number>;
}

/** Positions of each group's terms in one field. */
function positionsByGroup(field: FieldTokens, query: ProximityQuery): number[][] {
  const out: number[][] = [];
  for (let g = 0; g < query.groups; g++) out.push([]);
  for (let i = 0; i < field.terms.length; i++) {
    const groups = query.termGroups.get(field.terms[i] as number);
    if (groups === undefined) continue;
    for (const g of groups) (out[g] as number[]).push(field.positions[i] as number);
  }
  return out;
}

/** Best closeness (1 for adjacent in order) of any occurrence of `a` followed by `b`. */
function closeness(a: readonly number[], b: readonly number[]): number {
  let best = 0;
  let j = 0;
  for (const p of a) {
    while (j < b.length && (b[j] as number) < p - WINDOW) j++;
    for (let k = j; k < b.length && (b[k] as number) <= p + WINDOW; k++) {
      const d = (b[k] as number) - p;
      if (d === 0) continue;
      const value = d > 0 ? 1 / d : 0.5 / -d;
      if (value > best) best = value;
    }
  }
  return best;
}

/**
 * How exactly a title or heading says what was searched: 0 unless every content word of the
 * field is a query word and every content group of the query is in the field; then the
 * inverse-document-frequency-weighted share of the groups said literally (1 when the field holds
 * the very words typed, 0.5 when it holds other forms of all of them, as `stemWeight` puts it).
 */
export function fieldExactness(
  field: FieldTokens,
  query: ProximityQuery,
  isStopTerm: (termId: number) => boolean,
): number {
  if (query.contentGroups.length === 0 || field.terms.length === 0) return 0;
  const best = new Array<number>(query.groups).fill(0);
  const matchedPositions = new Set<number>();
  for (let i = 0; i < field.terms.length; i++) {
    const term = field.terms[i] as number;
    const groups = query.termGroups.get(term);
    if (groups === undefined) continue;
    matchedPositions.add(field.positions[i] as number);
    const quality = query.termQuality.get(term) ?? 1;
    for (const g of groups) if (quality > (best[g] as number)) best[g] = quality;
  }
  for (let i = 0; i < field.terms.length; i++) {
    if (matchedPositions.has(field.positions[i] as number)) continue;
    if (!isStopTerm(field.terms[i] as number)) return 0;
  }
  let said = 0;
  let total = 0;
  for (const g of query.contentGroups) {
    const quality = best[g] as number;
    if (quality === 0) return 0;
    const weight = Math.max(query.groupWeights[g] ?? 0, 1e-6);
    said += quality * weight;
    total += weight;
  }
  return said / total;
}

/**
 * Proximity evidence of one section: for each pair of neighbouring query words, how close they
 * appear in the same field (weighted by the field and the words), and how exactly its title and
 * its heading say what was searched (`fieldExactness`). Stop words take part here only.
 */
export function proximityScore(
  fields: readonly FieldTokens[],
  query: ProximityQuery,
  fieldWeights: readonly number[],
  isStopTerm: (termId: number) => boolean,
): { proximity: number; exactness: [title: number, heading: number] } {
  const groups = query.groups;
  const pairBest = new Array<number>(Math.max(0, groups - 1)).fill(0);
  const exactness: [number, number] = [0, 0];
  fields.forEach((field, f) => {
    if (field.terms.length === 0) return;
    if (f === 0 || f === 1) exactness[f] = fieldExactness(field, query, isStopTerm);
    // One query word has no neighbour to be near: skip collecting its positions.
    if (groups < 2) return;
    const positions = positionsByGroup(field, query);
    const weight = fieldWeights[f] ?? 1;
    for (let g = 0; g + 1 < groups; g++) {
      const a = positions[g] as number[];
      const b = positions[g + 1] as number[];
      if (a.length === 0 || b.length === 0) continue;
      const value = closeness(a, b) * weight;
      if (value > (pairBest[g] as number)) pairBest[g] = value;
    }
  });
  let proximity = 0;
  pairBest.forEach((value, g) => {
    const w = Math.min(query.groupWeights[g] ?? 0, query.groupWeights[g + 1] ?? 0);
    proximity += value * w;
  });
  return { proximity, exactness };
}
