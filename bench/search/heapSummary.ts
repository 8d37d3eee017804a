import { readFileSync } from 'node:fs';

/** Bytes and object count of one kind of heap object. */
export interface HeapGroup {
  /** Constructor name for objects, `(type)` for V8's internal kinds (strings, arrays, code). */
  name: string;
  /** Sum of the objects' own sizes. */
  bytes: number;
  /** Number of objects. */
  count: number;
}

interface HeapSnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/**
 * Sums the self sizes of a heap snapshot (`v8.writeHeapSnapshot`) by constructor, largest
 * first: what a process holds, without opening DevTools. Strings of every representation are
 * one group, `(string)`; typed-array contents appear as native `system / JSArrayBufferData`
 * nodes where V8 reports them.
 */
export function summariseHeapSnapshot(file: string, top = 15): HeapGroup[] {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshotFile;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  for (let at = 0; at < heap.nodes.length; at += width) {
    const type = types[heap.nodes[at + typeAt] as number] ?? '?';
    const name =
      type === 'object' || type === 'native' || type === 'closure'
        ? `${heap.strings[heap.nodes[at + nameAt] as number] ?? '?'}${type === 'closure' ? ' (closure)' : ''}`
        : type.endsWith('string')
          ? '(string)'
          : `(${type})`;
    let group = groups.get(name);
    if (group === undefined) {
      group = { name, bytes: 0, count: 0 };
      groups.set(name, group);
    }
    group.bytes += heap.nodes[at + sizeAt] as number;
    group.count += 1;
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top);
}
