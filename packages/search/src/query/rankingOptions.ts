/** The knobs of ranking. Defaults are tuned on the Python documentation benchmark. */
export interface RankingOptions {
  /** BM25 term-frequency saturation. */
  k1: number;
  /** Weight of a match in each field: title, heading, breadcrumb, text. */
  fieldWeights: [number, number, number, number];
  /** BM25 length normalisation of each field (0 = none, 1 = full). */
  fieldLengthNorm: [number, number, number, number];
  /** Weight of a term sharing the query word's stem (`connection` for `connections`). */
  stemWeight: number;
  /**
   * Share of a word's score kept by a section that holds only other forms of it sharing its stem
   * (`return` or `returned` for `returning`), not the word as typed nor its plural or singular.
   */
  otherFormsShare: number;
  /** Weight of a configured synonym. */
  synonymWeight: number;
  /** Weight of a completion of the last word, scaled by how much of it was typed. */
  prefixWeight: number;
  /** Weight of a term one edit away. */
  typoWeight: number;
  /** Weight of a term two edits away. */
  typo2Weight: number;
  /** Weight of matching an identifier by its parts (`os path join`) instead of whole. */
  partsWeight: number;
  /**
   * Further weight of a camelCase name's parts in a section that does not hold it whole, where
   * other sections do: `MutableFloat`'s `intValue()` says `mutable`, `int`, `float` and `value`,
   * the parts of `MutableInt floatValue`, but only `MutableInt`'s page says `mutableint`.
   */
  scatteredPartsWeight: number;
  /** Most completions tried for the last word. */
  maxCompletions: number;
  /** Most spelling variants tried for a word. */
  maxTypoVariants: number;
  /** Share of a page's other matching sections added to its best section's score. */
  otherSectionsShare: number;
  /** How many other sections may add to a page's score. */
  otherSectionsCount: number;
  /** Share of the query words found elsewhere on the page (not in the best section) that counts. */
  pageCoverageShare: number;
  /** Exponent on the share of query words (by weight) a page matches. */
  coverageExponent: number;
  /** Weight of query words next to each other (phrase and proximity). */
  proximityWeight: number;
  /** Bonus for a title or heading that says exactly what was searched. */
  exactFieldBonus: number;
  /**
   * Exactness of a title that says only query words but leaves some out, times the square of the
   * share of the query it says (`scipy.sparse.coo_array.resize` for `resize scipy.sparse.coo_array
   * method`): above 1 it outweighs a page that says the words more often, such as the class page
   * listing all its methods. A heading saying part of the query counts the share's square alone.
   */
  partialTitleWeight: number;
  /** Share of the whole page's first-pass score (the page as one document) in its final score. */
  pageScoreShare: number;
  /** Share of a query's weight a page must hold to match, for queries of three or more words. */
  minimumCoverage: number;
  /**
   * Weight of a query word that is a section label in the doc sets searched (`overview`,
   * `introduction`: see `sectionLabels`), relative to its inverse document frequency, in which
   * pages match and rank: it names a part of many pages, not what one is about.
   */
  sectionLabelWeight: number;
}

/** Ranking used when the configuration does not override it. */
export const DEFAULT_RANKING: RankingOptions = {
  k1: 1.2,
  fieldWeights: [6, 4, 1.5, 1],
  fieldLengthNorm: [0.5, 0.5, 0.3, 0.75],
  stemWeight: 0.5,
  otherFormsShare: 0.8,
  synonymWeight: 0.9,
  prefixWeight: 1,
  typoWeight: 0.6,
  typo2Weight: 0.4,
  partsWeight: 0.8,
  scatteredPartsWeight: 0.8,
  maxCompletions: 150,
  maxTypoVariants: 6,
  otherSectionsShare: 0.15,
  otherSectionsCount: 3,
  pageCoverageShare: 0.5,
  coverageExponent: 0.5,
  proximityWeight: 0.25,
  exactFieldBonus: 1,
  partialTitleWeight: 6,
  minimumCoverage: 0.25,
  pageScoreShare: 0.5,
  sectionLabelWeight: 0.3,
};
