// Object-name queries: what a reader of a one-page-per-object API reference types to reach an
// object's page, its bare name (`Timestamp`, `minimize`, `read_csv`), answered by our engine
// and the baselines. The queries come from the corpus's own titles: every title that is one
// qualified name (`pandas.Timestamp`, `scipy.optimize.minimize`) gives its last part as a query,
// and the relevant pages are those whose title ends with that name in the fewest parts (the
// object's own page, not a namesake inside another object: `pandas.merge`, not
// `pandas.DataFrame.merge`). The back-of-book queries of relevance.ts qualify their names
// (`minimize in module scipy.optimize`); these do not. Each name is asked as written, with one
// typo and cut short while typed (relevance.ts's typo and prefix variants).
// Run: node --import tsx bench/search/objectNames.ts [--corpus scipy,pandas]
//      [--engines ours,fts5,minisearch] [--queries 600] [--seed 7]
import { CORPORA } from './benchCorpora';
import {
  type BenchEngine,
  fts5Engine,
  miniSearchEngine,
  flexSearchEngine,
  lunrEngine,
} from './baselineEngines';
import { type BenchQuery, prefixVariant, seededRandom, typoVariant } from './genindexQueries';
import { type EngineResult, evaluate, markdownTable } from './metrics';
import { numberOption, option } from './options';
import { ourEngine } from './ourEngine';

/** A title that is one qualified name, parts joined by `.` or `::`, maybe ending with `()`. */
const QUALIFIED_TITLE = /^[\p{L}_][\p{L}\p{N}_]*(?:(?:\.|::)[\p{L}_][\p{L}\p{N}_]*)+(?:\(\))?$/u;

/** Names shorter than this are left out (`at`, `T`): too many pages say them in passing. */
const MIN_NAME_LENGTH = 3;

/**
 * One query per object name of `pages` (the last part of each qualified title, as written in the
 * shortest such title), relevant: the pages titled with that name in the fewest parts. At most
 * `count` names, drawn with `seed`.
 */
export function objectNameQueries(
  pages: ReadonlyArray<{ path: string; title: string }>,
  count: number,
  seed: number,
): BenchQuery[] {
  const byName = new Map<string, { name: string; parts: number; relevant: string[] }>();
  for (const page of pages) {
    const title = page.title.trim();
    if (!QUALIFIED_TITLE.test(title)) continue;
    const parts = title.replace(/\(\)$/, '').split(/\.|::/);
    const name = parts[parts.length - 1] as string;
    if (name.length < MIN_NAME_LENGTH) continue;
    const key = name.toLowerCase();
    const known = byName.get(key);
    if (known === undefined || parts.length < known.parts) {
      byName.set(key, { name, parts: parts.length, relevant: [page.path] });
    } else if (parts.length === known.parts) known.relevant.push(page.path);
  }
  const random = seededRandom(seed);
  return [...byName.keys()]
    .sort()
    .map((key) => ({ key, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map(({ key }) => {
      const { name, relevant } = byName.get(key) as { name: string; relevant: string[] };
      return { text: name, relevant };
    });
}

const ENGINES: Record<string, () => BenchEngine> = {
  ours: () => ourEngine(),
  fts5: fts5Engine,
  minisearch: miniSearchEngine,
  flexsearch: flexSearchEngine,
  lunr: lunrEngine,
};

async function main(): Promise<void> {
  const corpora = option('corpus', 'scipy,pandas').split(',');
  const engines = option('engines', 'ours,fts5,minisearch').split(',');
  for (const name of [...corpora, ...engines]) {
    if (CORPORA[name] === undefined && ENGINES[name] === undefined) {
      throw new Error(`unknown corpus or engine "${name}"`);
    }
  }
  for (const name of corpora) {
    const corpus = await (CORPORA[name] as (typeof CORPORA)[string])(50, 42);
    const queries = objectNameQueries(
      corpus.pages.records,
      numberOption('queries', 600),
      numberOption('seed', 7),
    );
    console.log(`\n## ${name}: ${queries.length} object names (${corpus.label})`);
    if (queries.length === 0) {
      console.log('\nNo page of this corpus is titled with a qualified name.');
      continue;
    }
    const random = seededRandom(numberOption('seed', 7) + 1);
    const derive = (make: (text: string, random: () => number) => string | undefined) =>
      queries.flatMap((q) => {
        const text = make(q.text, random);
        return text === undefined ? [] : [{ text, relevant: q.relevant }];
      });
    const variants = { exact: queries, typo: derive(typoVariant), prefix: derive(prefixVariant) };
    const rows: Record<string, EngineResult[]> = { exact: [], typo: [], prefix: [] };
    for (const key of engines) {
      const engine = (ENGINES[key] as () => BenchEngine)();
      try {
        await engine.build(corpus.pages.records);
        for (const [variant, asked] of Object.entries(variants)) {
          rows[variant]?.push(await evaluate(engine, asked));
        }
      } finally {
        await engine.close?.();
      }
    }
    for (const [variant, results] of Object.entries(rows)) {
      console.log(`\n### ${variant} (${variants[variant as keyof typeof variants].length})\n`);
      console.log(markdownTable(results));
    }
  }
}

if (process.argv[1]?.endsWith('objectNames.ts')) await main();
