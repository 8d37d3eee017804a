/** The UTF-8 JSON of each object-valued part of an answer, by the part (see {@link answerJson}). */
const partJson = new WeakMap<object, Buffer>();

/**
 * The bytes of a part's JSON in a buffer of their own. `Buffer.from` puts a small string in a
 * slice of a shared 8 KB pool slab, and a kept slice holds its whole slab (and whatever else was
 * written to it) for as long as the answer stays cached.
 */
function ownBytes(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/**
 * `JSON.stringify(answer)` as UTF-8 bytes, the same bytes, for the search routes' answers: each
 * object-valued property of the answer (the hits, the facets, the suggestions) is serialised
 * and encoded once, and its bytes kept beside it. The engine shares answers between callers and
 * never changes them (a cached search answer is a copy with its own `tookMs` and the same hits),
 * so the bytes of a part seen before are still its bytes. Serialising the hits, measuring the
 * string for Content-Length and encoding it for the socket were the largest costs of a cached
 * search in the portal; bytes are sent as they are.
 */
export function answerJson(answer: unknown): Buffer {
  if (
    answer === null ||
    typeof answer !== 'object' ||
    Array.isArray(answer) ||
    'toJSON' in answer
  ) {
    return Buffer.from(JSON.stringify(answer));
  }
  const chunks: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const [key, value] of Object.entries(answer)) {
    const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (value !== null && typeof value === 'object') {
      let part = partJson.get(value as object);
      if (part === undefined) {
        part = ownBytes(JSON.stringify(value));
        partJson.set(value as object, part);
      }
      chunks.push(Buffer.from(text + name), part);
      text = '';
    } else {
      // undefined for what JSON leaves out (undefined, functions, symbols), as JSON.stringify does.
      const json = JSON.stringify(value) as string | undefined;
      if (json === undefined) continue;
      text += name + json;
    }
    first = false;
  }
  chunks.push(Buffer.from(`${text}}`));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
