import { describe, expect, it } from 'vitest';
import { PostingList } from './postings';
import { PostingChanges, pageBatches } from './writePlan';
import type { PageRecord } from './analysePage';

type Store = Map<number, Uint8Array>;

/** Terms whose stored list a merge asked for, over all flushes. */
let reads = 0;

/** Merges the changes into the store the way a store does. */
function flush(changes: PostingChanges, store: Store): void {
  for (const termId of changes.terms()) {
    const wanted = changes.needsStored(termId);
    if (wanted) reads++;
    const merged = changes.merge(termId, wanted ? store.get(termId) : undefined);
    if (merged === 'unchanged') continue;
    if (merged.kind === 'delete') store.delete(termId);
    else if (merged.kind === 'put') store.set(termId, merged.data);
    else {
      const stored = store.get(termId) ?? new Uint8Array();
      const joined = new Uint8Array(stored.length + merged.data.length);
      joined.set(stored);
      joined.set(merged.data, stored.length);
      store.set(termId, joined);
    }
  }
  changes.clear();
}

/** Number of postings in every stored list. */
function counts(store: Store): Record<number, number> {
  return Object.fromEntries(Object.entries(decoded(store)).map(([id, list]) => [id, list.length]));
}

function decoded(store: Store): Record<number, Array<[number, number[]]>> {
  const out: Record<number, Array<[number, number[]]>> = {};
  const list = new PostingList();
  for (const [termId, blob] of [...store].sort((a, b) => a[0] - b[0])) {
    list.reset();
    list.append(blob);
    out[termId] = list.toArray().map((p) => [p.sectionId, [...p.tf]]);
  }
  return out;
}

/** A scripted write: sections 1..60 added, then some removed and re-added with new ids. */
function script(changes: PostingChanges, flushAt: ReadonlySet<number>, store: Store): void {
  let step = 0;
  for (let id = 1; id <= 60; id++) {
    changes.add(id % 7, id, [id % 3, 0, 0, 1]);
    changes.add(100 + (id % 2), id, [0, 1, 0, 0]);
    if (flushAt.has(++step)) flush(changes, store);
  }
  for (let id = 1; id <= 60; id += 5) {
    changes.remove(id % 7, id);
    changes.remove(100 + (id % 2), id);
    changes.add(id % 7, 1000 + id, [1, 1, 1, 1]);
    if (flushAt.has(++step)) flush(changes, store);
  }
  // Every posting of term 3 goes: its row must disappear.
  for (let id = 3; id <= 60; id += 7) changes.remove(3, id);
  changes.remove(3, 1031);
  flush(changes, store);
}

describe('PostingChanges', () => {
  it('gives the same posting lists whether a write flushes once or many times', () => {
    const once: Store = new Map();
    script(new PostingChanges(), new Set(), once);
    const often: Store = new Map();
    script(new PostingChanges(), new Set([5, 17, 40, 61, 65]), often);
    expect(decoded(often)).toEqual(decoded(once));
    expect(once.has(3)).toBe(false);
    expect(decoded(once)[100]?.map(([id]) => id)).toEqual(
      Array.from({ length: 30 }, (_, k) => 2 * k + 2).filter((id) => (id - 1) % 5 !== 0),
    );
  });

  it('appends to lists it wrote without reading them back, in a first build', () => {
    const once: Store = new Map();
    const onceChanges = new PostingChanges(true);
    const often: Store = new Map();
    const oftenChanges = new PostingChanges(true);
    reads = 0;
    for (let id = 1; id <= 300; id++) {
      for (const changes of [onceChanges, oftenChanges]) {
        changes.add(id % 11, id, [0, 0, 0, id]);
        changes.add(50, id * 1000, [1, 0, 0, 0]);
      }
      if (id % 37 === 0) flush(oftenChanges, often);
    }
    flush(onceChanges, once);
    flush(oftenChanges, often);
    expect(reads).toBe(0);
    expect(decoded(often)).toEqual(decoded(once));
    expect(decoded(often)[50]?.at(-1)).toEqual([300_000, [1, 0, 0, 0]]);
    expect(counts(often)).toMatchObject({ 0: 27, 1: 28, 50: 300 });
  });

  it('gives the same lists in a first build that replaces some of its own pages', () => {
    const once: Store = new Map();
    script(new PostingChanges(true), new Set(), once);
    const often: Store = new Map();
    script(new PostingChanges(true), new Set([5, 17, 40, 61, 65]), often);
    const existing: Store = new Map();
    script(new PostingChanges(), new Set([5, 17, 40, 61, 65]), existing);
    expect(decoded(often)).toEqual(decoded(once));
    expect(decoded(existing)).toEqual(decoded(once));
  });

  it('counts what it holds and forgets it on clear', () => {
    const changes = new PostingChanges();
    changes.add(50_000, 1, [1, 0, 0, 0]);
    changes.remove(7, 2);
    expect(changes.size).toBe(2);
    expect(changes.terms().sort((a, b) => a - b)).toEqual([7, 50_000]);
    changes.clear();
    expect(changes.size).toBe(0);
    expect(changes.terms()).toEqual([]);
  });
});

describe('pageBatches', () => {
  const page = (n: number): PageRecord => ({
    path: `/p${n}`,
    title: `${n}`,
    breadcrumb: [],
    hash: `${n}`,
    sections: [],
  });

  it('batches a list and a stream the same way', async () => {
    const list = Array.from({ length: 7 }, (_, n) => page(n));
    async function* stream() {
      for (const p of list) yield p;
    }
    const sizes = async (source: Parameters<typeof pageBatches>[0]) => {
      const out: number[] = [];
      for await (const batch of pageBatches(source, 3)) out.push(batch.length);
      return out;
    };
    expect(await sizes(list)).toEqual([3, 3, 1]);
    expect(await sizes(stream())).toEqual([3, 3, 1]);
  });

  it('gives a page listed twice in one batch once, from its last record', async () => {
    const again = { ...page(0), hash: 'again' };
    const list = [page(0), page(1), again, page(2), page(0)];
    async function* stream() {
      for (const p of list) yield p;
    }
    for (const source of [list, stream()]) {
      const batches: string[][] = [];
      for await (const batch of pageBatches(source, 3)) {
        batches.push(batch.map((p) => `${p.path}:${p.hash}`));
      }
      // A repeat in a later batch is left to the store, which drops the page it wrote before.
      expect(batches).toEqual([
        ['/p1:1', '/p0:again'],
        ['/p2:2', '/p0:0'],
      ]);
    }
  });
});
