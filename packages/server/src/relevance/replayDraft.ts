import type { ReplayChange, ReplayHit, ReplayReport, SearchResponse } from '@docs-portal/contracts';
import {
  changedSynonymWords,
  rulesTouch,
  type CompiledRules,
  type SearchEngine,
} from '@docs-portal/search';
import { searchAccess } from '../access/searchAccess';
import type { AnalyticsStore, LoggedQuery } from '../analytics/AnalyticsStore';
import type { DocSetConfig } from '../config/schema';

/** Results compared per query. */
export const REPLAY_TOP = 5;
/** Changed queries listed in a replay's answer. */
export const MAX_LISTED_CHANGES = 200;

/** What a replay needs. */
export interface ReplayInput {
  /** The engine, without rules of its own (rules are passed per search). */
  engine: SearchEngine;
  /** Where the logged queries come from. */
  analytics: AnalyticsStore;
  /** The configured doc sets: each query runs with its logged reader kind's access. */
  docSets: readonly DocSetConfig[];
  /** Rules in force now (the "before"). */
  live: CompiledRules | undefined;
  /** The draft (the "after"). */
  draft: CompiledRules;
  /** How many of the newest logged searches to replay. */
  queries: number;
}

/** A URL without its query string and fragment: how a click and a hit are matched. */
function pagePath(url: string): string {
  return url.replace(/[?#].*$/, '');
}

function top(response: SearchResponse, clicked: ReadonlySet<string>): ReplayHit[] {
  return response.hits.slice(0, REPLAY_TOP).map((hit) => ({
    url: hit.url,
    title: hit.title,
    clicked: clicked.has(pagePath(hit.url)),
  }));
}

/** Position of a page in a top list (past the end when absent). */
function position(list: readonly ReplayHit[], path: string): number {
  const i = list.findIndex((hit) => pagePath(hit.url) === path);
  return i < 0 ? REPLAY_TOP : i;
}

/** Logged searches, one per query, kind and filters (the newest first), clicks merged. */
function distinct(logged: readonly LoggedQuery[]): LoggedQuery[] {
  const seen = new Map<string, LoggedQuery>();
  for (const q of logged) {
    const key = JSON.stringify([q.kind, q.query, q.filters]);
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, { ...q, clickedUrls: [...q.clickedUrls] });
    else
      for (const url of q.clickedUrls)
        if (!earlier.clickedUrls.includes(url)) earlier.clickedUrls.push(url);
  }
  return [...seen.values()];
}

/**
 * Runs the newest logged searches with the rules in force and with the draft, each with the
 * access of the reader kind it was logged for, and reports the queries whose top results change,
 * with the clicked results that moved up or down. Queries no rule of either set can touch are
 * not run (their results cannot differ).
 */
export async function replayDraft(input: ReplayInput): Promise<ReplayReport> {
  const started = performance.now();
  const logged = await input.analytics.recentQueries({ limit: input.queries });
  const synonymWords = changedSynonymWords(input.live, input.draft);
  const changes: ReplayChange[] = [];
  let clickedUp = 0;
  let clickedDown = 0;
  for (const q of distinct(logged)) {
    if (
      !rulesTouch(input.live, q.query, synonymWords) &&
      !rulesTouch(input.draft, q.query, synonymWords)
    ) {
      continue;
    }
    const request = {
      q: q.query,
      product: q.filters.product ?? [],
      version: q.filters.version ?? [],
      docType: q.filters.docType ?? [],
      page: 1,
      pageSize: REPLAY_TOP,
      explain: false,
    };
    const access = searchAccess({ kind: q.kind }, input.docSets);
    const clicked = new Set(q.clickedUrls.map(pagePath));
    const before = top(await input.engine.search(request, access, { rules: input.live }), clicked);
    const after = top(await input.engine.search(request, access, { rules: input.draft }), clicked);
    const same =
      before.length === after.length && before.every((hit, i) => hit.url === after[i]?.url);
    if (same) continue;
    let up = 0;
    let down = 0;
    for (const path of clicked) {
      const from = position(before, path);
      const to = position(after, path);
      if (to < from) up++;
      else if (to > from) down++;
    }
    clickedUp += up;
    clickedDown += down;
    changes.push({ query: q.query, kind: q.kind, before, after, clickedUp: up, clickedDown: down });
  }
  changes.sort(
    (a, b) =>
      b.clickedUp + b.clickedDown - (a.clickedUp + a.clickedDown) ||
      (a.query < b.query ? -1 : a.query > b.query ? 1 : 0),
  );
  return {
    replayed: logged.length,
    changed: changes.length,
    clickedUp,
    clickedDown,
    tookMs: Math.round(performance.now() - started),
    changes: changes.slice(0, MAX_LISTED_CHANGES),
  };
}
