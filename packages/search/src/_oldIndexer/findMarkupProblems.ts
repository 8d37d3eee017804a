const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'basefont',
  'bgsound',
  'frame',
  'keygen',
]);
/** Elements whose end tag HTML lets authors leave out. */
const OPTIONAL_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'rt',
  'rp',
  'colgroup',
  'caption',
  'html',
  'head',
  'body',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);
const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** What `findMarkupProblems` found. */
export interface MarkupProblems {
  /** Number of unmatched end tags and unclosed elements. */
  count: number;
  /** The first problem with its line, e.g. `unclosed <b> at line 3`. */
  first?: string;
}

/**
 * Looks for broken nesting in HTML: end tags without a matching start tag and elements left
 * open whose end tag is required. A cheap scan for reporting damaged pages (browsers, and the
 * indexer, still read them as far as they can); XHTML-style self-closing tags are accepted.
 */
export function findMarkupProblems(html: string): MarkupProblems {
  const stack: Array<{ name: string; at: number }> = [];
  let count = 0;
  let firstAt = -1;
  let first = '';
  const report = (what: string, at: number) => {
    count++;
    if (firstAt < 0) {
      firstAt = at;
      first = what;
    }
  };
  let lower: string | undefined;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    const name = match[2]?.toLowerCase();
    if (name === undefined) continue;
    const closing = match[1] === '/';
    if (VOID.has(name)) continue;
    if (!closing) {
      if ((match[3] ?? '').trimEnd().endsWith('/')) continue;
      if (RAW_TEXT.has(name)) {
        lower ??= html.toLowerCase();
        const end = lower.indexOf(`</${name}`, TAG.lastIndex);
        const close = end < 0 ? -1 : lower.indexOf('>', end);
        TAG.lastIndex = close < 0 ? html.length : close + 1;
        continue;
      }
      stack.push({ name, at: match.index });
      continue;
    }
    let open = stack.length - 1;
    while (open >= 0 && stack[open]?.name !== name) open--;
    if (open < 0) {
      if (!OPTIONAL_END.has(name)) report(`stray </${name}>`, match.index);
      continue;
    }
    for (let k = stack.length - 1; k > open; k--) {
      const inner = stack[k] as { name: string; at: number };
      if (!OPTIONAL_END.has(inner.name)) report(`unclosed <${inner.name}>`, inner.at);
    }
    stack.length = open;
  }
  for (const left of stack)
    if (!OPTIONAL_END.has(left.name)) report(`unclosed <${left.name}>`, left.at);
  if (count === 0) return { count };
  const line = html.slice(0, firstAt).split('\n').length;
  return { count, first: `${first} at line ${line}` };
}
