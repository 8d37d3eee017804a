import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docSetInput, startContentApp, type ContentApp } from '../../test/content/contentHarness';
import { versionedSite, writeFolder } from '../../test/content/docSetFolders';

const VERSIONS = 5;
const READERS = 4;

/** What each file a reader fetches must look like: one version marker, repeated throughout. */
const TARGETS: Array<{ path: string; headers?: Record<string, string>; status: number }> = [
  { path: 'Content/Jobs/CreateJob.htm', headers: { 'accept-encoding': 'br, gzip' }, status: 200 },
  { path: 'Skins/site.css', headers: { 'accept-encoding': 'gzip' }, status: 200 },
  { path: 'Data/Big.js', headers: { 'accept-encoding': 'identity' }, status: 200 },
  { path: 'Data/Big.js', headers: { range: 'bytes=300000-500000' }, status: 206 },
  { path: '', status: 200 },
];

interface Observation {
  reader: number;
  startedAt: number;
  version: number;
}

let portal: ContentApp;
let cookie: string;
let sources: string[];

beforeAll(async () => {
  sources = Array.from({ length: VERSIONS }, (_, i) => writeFolder(versionedSite(`v${i + 1}`)));
  portal = await startContentApp({
    docSets: [docSetInput('guide', 'Guide', sources[0] as string, { defaultPage: 'Default.htm' })],
  });
  cookie = await portal.cookieFor('partner');
});

afterAll(async () => {
  await portal?.close();
});

/** The one version a body is made of; throws when it names none or several. */
function versionOf(body: string): number {
  const first = /\bv(\d+)\b/.exec(body);
  if (!first) throw new Error('a response naming no version');
  const other = /\bv\d+\b/.exec(body.replaceAll(first[0], ''));
  if (other) throw new Error(`a response mixing ${first[0]} and ${other[0]}`);
  return Number(first[1]);
}

describe('atomic publishing', () => {
  it('gives readers during several publishes whole old or whole new files, never a mix or an error', async () => {
    const observations: Observation[] = [];
    const failures: string[] = [];
    let publishing = true;
    const reader = async (id: number) => {
      for (let i = id; publishing; i++) {
        const target = TARGETS[i % TARGETS.length]!;
        const startedAt = performance.now();
        const response = await fetch(`${portal.origin}/docs/Guide/${target.path}`, {
          headers: { cookie, ...target.headers },
        });
        const body = await response.text();
        if (response.status !== target.status) {
          failures.push(`${target.path}: ${response.status}`);
          continue;
        }
        try {
          observations.push({ reader: id, startedAt, version: versionOf(body) });
        } catch (error) {
          failures.push(`${target.path}: ${(error as Error).message}`);
        }
      }
    };
    const readers = Array.from({ length: READERS }, (_, id) => reader(id));
    const completedAt: number[] = [];
    for (let version = 2; version <= VERSIONS; version++) {
      await portal.publish('guide', sources[version - 1] as string);
      completedAt[version] = performance.now();
    }
    publishing = false;
    await Promise.all(readers);

    expect(failures).toEqual([]);
    expect(new Set(observations.map((o) => o.version)).size).toBeGreaterThanOrEqual(3);
    for (let version = 2; version <= VERSIONS; version++) {
      const late = observations.filter((o) => o.startedAt > (completedAt[version] as number));
      expect(late.every((o) => o.version >= version)).toBe(true);
    }
    for (let id = 0; id < READERS; id++) {
      const seen = observations.filter((o) => o.reader === id).map((o) => o.version);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });

  it('serves the new release in full after a rollback, and the old one again after it', async () => {
    const before = await (
      await fetch(`${portal.origin}/docs/Guide/`, { headers: { cookie } })
    ).text();
    await portal.rollback('guide');
    const after = await (
      await fetch(`${portal.origin}/docs/Guide/`, { headers: { cookie } })
    ).text();
    expect(versionOf(after)).toBe(versionOf(before) - 1);
  });
});
