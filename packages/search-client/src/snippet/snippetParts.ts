/** A run of snippet text, marked (a matched term) or not. */
export interface SnippetPart {
  /** The text, entities decoded: always shown as text, never parsed as HTML. */
  text: string;
  /** True inside `<mark>...</mark>`. */
  mark: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Splits a search snippet into text runs. The API sends escaped text in which only `<mark>` and
 * `</mark>` are markup; those two tags become the `mark` flag and everything else, including any
 * other tag a broken or hostile answer might hold, stays literal text. Callers render the parts
 * as text nodes, so no snippet can inject markup or script.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  const push = (raw: string) => {
    if (raw === '') return;
    const text = decodeEntities(raw);
    const last = parts.at(-1);
    if (last && last.mark === marked) last.text += text;
    else parts.push({ text, mark: marked });
  };
  let at = 0;
  for (const match of snippet.matchAll(/<(\/?)mark>/gi)) {
    push(snippet.slice(at, match.index));
    marked = match[1] === '';
    at = match.index + match[0].length;
  }
  push(snippet.slice(at));
  return parts;
}
