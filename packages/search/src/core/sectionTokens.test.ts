import { describe, expect, it } from 'vitest';
import {
  decodeSectionTokens,
  encodeSectionTokens,
  keepTokens,
  TermIdSet,
  termOrder,
  type FieldTokens,
} from './sectionTokens';

/** Encodes fields given as [termId, position] pairs (term ids are used as page terms as is). */
function encode(fields: Array<Array<[number, number]>>): Uint8Array {
  const data: number[] = [];
  for (const field of fields) {
    data.push(field.length);
    for (const [term, position] of field) data.push(term, position);
  }
  const maxTerm = Math.max(0, ...fields.flat().map(([term]) => term));
  const identity = Int32Array.from({ length: maxTerm + 1 }, (_, i) => i);
  return encodeSectionTokens(Int32Array.from(data), 0, identity);
}

const plain = (fields: ReturnType<typeof decodeSectionTokens>) =>
  fields.map((f) => ({ terms: [...f.terms], positions: [...f.positions] }));

describe('decodeSectionTokens and keepTokens', () => {
  // Large ids and gaps take several varint bytes; 4096 apart share a bit of the set's mask.
  const fields: Array<Array<[number, number]>> = [
    [
      [7, 0],
      [300_000, 1],
    ],
    [[5, 0]],
    [
      [7, 0],
      [4103, 1],
    ],
    [
      [1, 0],
      [7, 1],
      [200, 2],
      [200, 2],
      [4103, 5],
      [7, 900],
      [70_000, 20_000],
    ],
  ];

  it('decodes every token of every field without a filter', () => {
    expect(plain(decodeSectionTokens(encode(fields)))).toEqual(
      fields.map((f) => ({ terms: f.map(([t]) => t), positions: f.map(([, p]) => p) })),
    );
  });

  it('keeps titles and headings whole and only the wanted terms, at their positions, elsewhere', () => {
    const decoded = plain(
      keepTokens(decodeSectionTokens(encode(fields)), new TermIdSet([7, 70_000])),
    );
    expect(decoded).toEqual([
      { terms: [7, 300_000], positions: [0, 1] },
      { terms: [5], positions: [0] },
      { terms: [7], positions: [0] },
      { terms: [7, 7, 70_000], positions: [1, 900, 20_000] },
    ]);
  });

  it('finds the same tokens through term orders as by scanning', () => {
    const long: Array<[number, number]> = Array.from({ length: 500 }, (_, i) => [
      (i * 7919) % 97,
      i + Math.floor(i / 10),
    ]);
    const decoded = decodeSectionTokens(encode([[], [], [], long]));
    const orders = decoded.map(termOrder);
    for (const wanted of [[5], [0, 96], [3, 50, 51, 52], [1000]]) {
      const keep = new TermIdSet(wanted);
      const scanned = plain(keepTokens(decoded, keep));
      expect(plain(keepTokens(decoded, keep, orders))).toEqual(scanned);
      expect(scanned[3]?.terms.length).toBe(long.filter(([t]) => wanted.includes(t)).length);
    }
  });

  it('orders no field so short that it is always scanned', () => {
    const field = (n: number) =>
      decodeSectionTokens(encode([[], [], [], Array.from({ length: n }, (_, i) => [n - i, i])]))[3];
    // One term is looked up through an order in a field of 9 tokens or more, never in fewer.
    expect(termOrder(field(8) as FieldTokens)).toBeUndefined();
    expect([...(termOrder(field(9) as FieldTokens) ?? [])]).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('decodes every array of a section into one buffer, no larger than the tokens need', () => {
    const decoded = decodeSectionTokens(encode(fields));
    const buffers = new Set(decoded.flatMap((f) => [f.terms.buffer, f.positions.buffer]));
    expect(buffers.size).toBe(1);
    // 12 tokens, a term and a position each, and room for at most two more.
    const tokens = fields.flat().length;
    expect([...buffers][0]?.byteLength).toBeGreaterThanOrEqual(2 * 4 * tokens);
    expect([...buffers][0]?.byteLength).toBeLessThanOrEqual(2 * 4 * (tokens + 2));
  });

  it('stops after the fields asked for', () => {
    expect(plain(decodeSectionTokens(encode(fields), 1))).toEqual([
      { terms: [7, 300_000], positions: [0, 1] },
    ]);
  });

  it('throws on a truncated blob', () => {
    const blob = encode(fields);
    expect(() => decodeSectionTokens(blob.subarray(0, blob.length - 1))).toThrow(/truncated/);
  });
});

describe('TermIdSet', () => {
  it('holds exactly its ids, whatever bits of its mask they share', () => {
    const set = new TermIdSet([3, 4099, 2 ** 31 - 1]);
    expect([3, 4099, 2 ** 31 - 1].map((id) => set.has(id))).toEqual([true, true, true]);
    expect([0, 4, 8195, 4098].map((id) => set.has(id))).toEqual([false, false, false, false]);
  });
});
