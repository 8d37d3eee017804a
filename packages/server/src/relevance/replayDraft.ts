import type { ReplayChange, ReplayHit, ReplayReport, SearchResponse } from '@docs-portal/contracts';
import {
  changedSynonymWords,
  rulesTouch,
  ruleSignature,
  type CompiledRules,
  type ReaderAccess,
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

/** A logged query to run: readers of `kinds` share its access, so they share its results. */
interface ReplayItem {
  query: string;
  filters: Record<string, string[]>;
  kinds: string[];
  access: ReaderAccess;
  clickedUrls: Set<string>;
}

/**
 * Logged searches, one per query, filters and access (the newest first): reader kinds allowed
 * the same doc sets get the same results, so they are run once, their clicks together.
 */
function distinct(logged: readonly LoggedQuery[], docSets: readonly DocSetConfig[]): ReplayItem[] {
  const accessOf = new Map<string, ReaderAccess>();
  const seen = new Map<string, ReplayItem>();
  for (const q of logged) {
    let access = accessOf.get(q.kind);
    if (access === undefined) {
      access = searchAccess({ kind: q.kind }, docSets);
      accessOf.set(q.kind, access);
    }
    const key = JSON.stringify([access.docSetIds, q.query, q.filters]);
    let item = seen.get(key);
    if (item === undefined) {
      item = { query: q.query, filters: q.filters, kinds: [], access, clickedUrls: new Set() };
      seen.set(key, item);
    }
    if (!item.kinds.includes(q.kind)) item.kinds.push(q.kind);
    for (const url of q.clickedUrls) item.clickedUrls.add(pagePath(url));
  }
  return [...seen.values()];
}

/**
 * Runs the newest logged searches with the rules in force and with the draft, each with the
 * access of the reader kind it was logged for, and reports the queries whose top results change,
 * with the clicked results that moved up or down. Queries to which both sets apply the same
 * pins and boosts, and whose words no changed synonym names, are not run (their results cannot
 * differ): replaying a draft a few rules away from what is published runs only the queries those
 * rules touch.
 */
export async function replayDraft(input: ReplayInput): Promise<ReplayReport> {
  const started = performance.now();
  const logged = await input.analytics.recentQueries({ limit: input.queries });
  const synonymWords = changedSynonymWords(input.live, input.draft);
  const changes: ReplayChange[] = [];
  let clickedUp = 0;
  let clickedDown = 0;
  for (const q of distinct(logged, input.docSets)) {
    // The same rules apply to it before and after: its results cannot differ.
    if (
      !rulesTouch(undefined, q.query, synonymWords) &&
      ruleSignature(input.live, q.query) === ruleSignature(input.draft, q.query)
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
    const { access, clickedUrls: clicked } = q;
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
    changes.push({
      query: q.query,
      kind: q.kinds.join(', '),
      before,
      after,
      clickedUp: up,
      clickedDown: down,
    });
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
