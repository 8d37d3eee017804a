import { describe, expect, it } from 'vitest';
import { answerJson } from './answerJson';

describe('answerJson', () => {
  it('writes what JSON.stringify writes, in UTF-8', () => {
    const values: unknown[] = [
      {
        query: 'backup',
        total: 2,
        tookMs: 0.12,
        hits: [{ title: 'Back up "VMs" <now>', n: null }],
      },
      { query: 'é\u2028\ud800', suggestion: null, skipped: undefined, f: () => 1, facets: {} },
      { nested: { deeper: [1, 'two', { three: undefined }] }, date: new Date(0) },
      { toJSON: () => ({ replaced: true }) },
      {},
      [1, 2],
      'text',
      null,
      { only: undefined },
    ];
    for (const value of values) {
      expect(answerJson(value).toString('utf8')).toBe(JSON.stringify(value));
    }
  });

  it('serialises a part shared between answers once', () => {
    let serialised = 0;
    const hits = [{ title: 'Backup', toJSON: () => (serialised += 1) && { title: 'Backup' } }];
    const first = answerJson({ query: 'backup', tookMs: 1.5, hits }).toString('utf8');
    const second = answerJson({ query: 'backup', tookMs: 0.01, hits }).toString('utf8');
    expect(serialised).toBe(1);
    expect(first).toBe('{"query":"backup","tookMs":1.5,"hits":[{"title":"Backup"}]}');
    expect(second).toBe('{"query":"backup","tookMs":0.01,"hits":[{"title":"Backup"}]}');
  });
});
