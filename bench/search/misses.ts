// Where our engine misses: the queries of one corpus and variant whose first answer is not a
// relevant page, with the pages it ranked first, to read before changing the ranking. With
// `--against ENGINE`, only those a baseline answers right at rank 1, and the count of queries
// each engine alone answers right at rank 1.
// Run: node --import tsx bench/search/misses.ts [--corpus scipy] [--variant exact|typo|prefix]
//      [--against flexsearch|minisearch|lunr|orama|fts5] [--queries 1000] [--seed 42]
//      [--out bench/out/misses.txt]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  flexSearchEngine,
  fts5Engine,
  lunrEngine,
  miniSearchEngine,
  oramaEngine,
  type BenchEngine,
} from './baselineEngines';
import { CORPORA } from './benchCorpora';
import { ourEngine } from './ourEngine';
import { numberOption, option } from './options';

const BASELINES: Record<string, () => BenchEngine> = {
  flexsearch: flexSearchEngine,
  minisearch: miniSearchEngine,
  lunr: lunrEngine,
  orama: oramaEngine,
  fts5: fts5Engine,
};
const VARIANTS = ['exact', 'typo', 'prefix'] as const;

const corpusName = option('corpus') ?? 'scipy';
const load = CORPORA[corpusName];
if (load === undefined) {
  throw new Error(`--corpus: unknown ${corpusName}; known: ${Object.keys(CORPORA).join(', ')}`);
}
const variant = (option('variant') ?? 'exact') as (typeof VARIANTS)[number];
if (!VARIANTS.includes(variant)) throw new Error(`--variant: one of ${VARIANTS.join(', ')}`);
const againstName = option('against');
const makeBaseline = againstName === undefined ? undefined : BASELINES[againstName];
if (againstName !== undefined && makeBaseline === undefined) {
  throw new Error(`--against: unknown ${againstName}; known: ${Object.keys(BASELINES).join(', ')}`);
}
const out = option('out') ?? 'bench/out/misses.txt';

const corpus = await load(numberOption('queries', 1000), numberOption('seed', 42));
const titleOf = new Map(corpus.pages.records.map((r) => [r.path, r.title]));
const named = (path: string) => `${path} «${titleOf.get(path) ?? '?'}»`;
const ours = ourEngine();
await ours.build(corpus.pages.records);
const baseline = makeBaseline?.();
await baseline?.build(corpus.pages.records);

const lines: string[] = [];
let oursAlone = 0;
let baselineAlone = 0;
for (const query of corpus.variants[variant]) {
  const relevant = new Set(query.relevant);
  const answers = await ours.search(query.text, 10);
  const rank = answers.findIndex((p) => relevant.has(p)) + 1;
  const baselineRank =
    baseline === undefined
      ? undefined
      : (await baseline.search(query.text, 10)).findIndex((p) => relevant.has(p)) + 1;
  if (rank === 1 && baselineRank !== undefined && baselineRank !== 1) oursAlone++;
  if (rank === 1 || (baselineRank !== undefined && baselineRank !== 1)) continue;
  if (baselineRank !== undefined) baselineAlone++;
  const ranks = `ours ${rank === 0 ? '-' : rank}${baselineRank === undefined ? '' : `, ${againstName} 1`}`;
  lines.push(
    `${query.text}  [${ranks}]`,
    `  wanted: ${query.relevant.map(named).join(' | ')}`,
    ...answers.slice(0, 3).map((p, i) => `  ours ${i + 1}: ${named(p)}`),
  );
}
await ours.close?.();
await baseline?.close?.();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${lines.join('\n')}\n`);
const misses = lines.filter((l) => !l.startsWith('  ')).length;
console.log(
  `${corpusName} ${variant}: ${misses} queries listed in ${out}` +
    (baseline === undefined
      ? ' (ours not right at rank 1)'
      : `; right at rank 1 by ours alone ${oursAlone}, by ${againstName} alone ${baselineAlone}`),
);
