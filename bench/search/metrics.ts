import type { BenchEngine } from './baselineEngines';
import type { BenchQuery } from './genindexQueries';

/** Scores of one engine on one query set. */
export interface EngineResult {
  engine: string;
  queries: number;
  mrr10: number;
  recall10: number;
  success1: number;
  p50ms: number;
  p95ms: number;
}

/** Value at quantile q of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at] as number;
}

/** Runs every query and computes MRR@10, Recall@10, Success@1 and latency quantiles. */
export async function evaluate(
  engine: BenchEngine,
  queries: readonly BenchQuery[],
): Promise<EngineResult> {
  return (await evaluateTimed(engine, queries)).result;
}

/** As {@link evaluate}, also giving each query's time in milliseconds (sorted). */
export async function evaluateTimed(
  engine: BenchEngine,
  queries: readonly BenchQuery[],
): Promise<{ result: EngineResult; times: number[] }> {
  let mrr = 0;
  let recall = 0;
  let success = 0;
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const pages = await engine.search(query.text, 10);
    times.push(performance.now() - started);
    const relevant = new Set(query.relevant);
    const first = pages.findIndex((p) => relevant.has(p));
    if (first >= 0) mrr += 1 / (first + 1);
    if (first === 0) success++;
    recall += pages.filter((p) => relevant.has(p)).length / relevant.size;
  }
  times.sort((a, b) => a - b);
  const n = Math.max(1, queries.length);
  return {
    result: {
      engine: engine.name,
      queries: queries.length,
      mrr10: mrr / n,
      recall10: recall / n,
      success1: success / n,
      p50ms: quantile(times, 0.5),
      p95ms: quantile(times, 0.95),
    },
    times,
  };
}

/** A markdown table of results. */
export function markdownTable(rows: readonly EngineResult[]): string {
  const lines = [
    '| engine | MRR@10 | Recall@10 | Success@1 | p50 ms | p95 ms |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.engine} | ${r.mrr10.toFixed(3)} | ${r.recall10.toFixed(3)} | ${r.success1.toFixed(3)} | ${r.p50ms.toFixed(2)} | ${r.p95ms.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
