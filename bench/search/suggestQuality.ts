// How good the title suggestions of search-as-you-type are: every query of the relevance bench's
// corpora, typed word by word (each word cut at a seeded point, as a reader types it), asks our
// engine for suggestions (8, as the web app does), and the title suggestions are scored like
// search results against the query's relevant pages: MRR over the titles, Success@1 (the first
// title is a relevant page), and how often any relevant page is among them. The CPU time per
// suggestion is printed beside, so a cheaper way to rank suggestions can be shown to keep them
// as good (the least of `--rounds` timed passes, after one to warm up). Suggestions are measured
// on the whole query and on one typed prefix of it.
// Run: node --import tsx bench/search/suggestQuality.ts [--corpus gnucash,gimp,django]
//      [--queries 1000] [--seed 42] [--rounds 3] [--save FILE | --check FILE]
// `--save FILE` writes every answer, `--check FILE` counts the answers that differ from a saved
// run (to compare two trees on the same queries).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuggestResponse } from '@docs-portal/contracts';
import { createSearchEngine, NO_RESULT_CACHE } from '@docs-portal/search';
import { BENCH_DOC_SET } from './ourEngine';
import { CORPORA } from './benchCorpora';
import { seededRandom, type BenchQuery } from './genindexQueries';
import { option } from './options';

const ACCESS = { docSetIds: [BENCH_DOC_SET.id] };
const LIMIT = 8;

/** What a reader has typed at some point of `text`: its first words, the last one cut short. */
function typedPrefix(text: string, random: () => number): string | undefined {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  const upTo = 1 + Math.floor(random() * words.length);
  const last = words[upTo - 1] as string;
  if (last.length < 3) return words.slice(0, upTo).join(' ');
  const cut = 2 + Math.floor(random() * (last.length - 1));
  return [...words.slice(0, upTo - 1), last.slice(0, cut)].join(' ');
}

interface Tally {
  queries: number;
  reciprocal: number;
  first: number;
  anywhere: number;
  empty: number;
}

function score(tally: Tally, answer: SuggestResponse, query: BenchQuery): void {
  const relevant = new Set(query.relevant);
  const titles = answer.suggestions.flatMap((s) =>
    s.kind === 'title' && s.url !== undefined ? [s.url] : [],
  );
  const at = titles.findIndex((url) => relevant.has(decodeURI(url)));
  tally.queries++;
  if (titles.length === 0) tally.empty++;
  if (at >= 0) {
    tally.reciprocal += 1 / (at + 1);
    tally.anywhere++;
    if (at === 0) tally.first++;
  }
}

const line = (label: string, t: Tally, cpuMs: number) =>
  `| ${label} | ${t.queries} | ${(t.reciprocal / t.queries).toFixed(4)} | ` +
  `${(t.first / t.queries).toFixed(4)} | ${(t.anywhere / t.queries).toFixed(4)} | ` +
  `${(t.empty / t.queries).toFixed(3)} | ${cpuMs.toFixed(3)} |`;

async function main(): Promise<void> {
  const names = (option('corpus') ?? 'gnucash,gimp,django,sqlalchemy,python').split(',');
  const count = Number(option('queries') ?? 1000);
  const seed = Number(option('seed') ?? 42);
  const rounds = Math.max(1, Number(option('rounds') ?? 3));
  const save = option('save');
  const check = option('check');
  const saved: Record<string, string[]> =
    check !== undefined && existsSync(check) ? JSON.parse(readFileSync(check, 'utf8')) : {};
  const written: Record<string, string[]> = {};
  console.log(
    `Title suggestions (${LIMIT} asked) scored against the relevant pages of each query, ` +
      `whole and as typed (seed ${seed}).\n`,
  );
  console.log('| corpus, queries | asked | MRR | Success@1 | found | none | CPU ms/suggestion |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const name of names) {
    const load = CORPORA[name];
    if (load === undefined) {
      throw new Error(`--corpus: unknown ${name}; known: ${Object.keys(CORPORA).join(', ')}`);
    }
    const corpus = await load(count, seed);
    const random = seededRandom(seed + 7);
    const asked: Array<{ label: string; text: string; query: BenchQuery }> = [];
    for (const query of corpus.variants.exact) {
      asked.push({ label: 'whole', text: query.text, query });
      const typed = typedPrefix(query.text, random);
      if (typed !== undefined) asked.push({ label: 'typed', text: typed, query });
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'suggest-quality-'));
    const engine = await createSearchEngine({
      engine: 'sqlite',
      dataDir,
      resultCache: NO_RESULT_CACHE,
    });
    try {
      await engine.applyDocSetChanges({
        docSet: BENCH_DOC_SET,
        upserts: [...corpus.pages.records],
        removals: [],
      });
      // One pass to warm the caches and compiled code, then `rounds` measured ones.
      for (const { text } of asked) await engine.suggest({ q: text, limit: LIMIT }, ACCESS);
      const tallies = new Map<string, Tally>();
      const got: string[] = [];
      let answers: SuggestResponse[] = [];
      // The least CPU time of the rounds: the others were slowed by something else.
      let cpuMs = Infinity;
      for (let round = 0; round < rounds; round++) {
        const cpu = process.cpuUsage();
        answers = [];
        for (const { text } of asked) {
          answers.push(await engine.suggest({ q: text, limit: LIMIT }, ACCESS));
        }
        const used = process.cpuUsage(cpu);
        cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000 / asked.length);
      }
      asked.forEach(({ label, query }, i) => {
        const answer = answers[i] as SuggestResponse;
        got.push(JSON.stringify(answer));
        let tally = tallies.get(label);
        if (tally === undefined) {
          tally = { queries: 0, reciprocal: 0, first: 0, anywhere: 0, empty: 0 };
          tallies.set(label, tally);
        }
        score(tally, answer, query);
      });
      for (const [label, tally] of tallies) console.log(line(`${name}, ${label}`, tally, cpuMs));
      if (save !== undefined) written[name] = got;
      const before = saved[name];
      if (before !== undefined) {
        const changed = got.filter((answer, i) => answer !== before[i]).length;
        console.log(`\n${name}: ${changed} of ${got.length} answers differ from ${check}\n`);
      }
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (save !== undefined) writeFileSync(save, JSON.stringify(written));
}

await main();
