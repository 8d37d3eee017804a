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
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** `[A-Za-z]`: what a tag name starts with. */
function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** `[\w:-]`: what a tag name goes on with. */
function isNameChar(code: number): boolean {
  return (
    isNameStart(code) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x3a ||
    code === 0x2d
  );
}

/**
 * The index of the `>` that ends a tag whose attributes start at `from`: the first one outside
 * quotes. -1 when a quote is left open first (then there is no tag here, as a browser that
 * reads on to the closing quote would not find one either).
 */
function tagEnd(html: string, from: number): number {
  for (let at = from; at < html.length; at++) {
    const code = html.charCodeAt(at);
    if (code === GREATER_THAN) return at;
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const close = html.indexOf(code === DOUBLE_QUOTE ? '"' : "'", at + 1);
      if (close < 0) return -1;
      at = close;
    }
  }
  return -1;
}

/** Whether the tag's attributes (from `from` to the `>` at `end`) end with `/`, as in `<br />`. */
function endsWithSlash(html: string, from: number, end: number): boolean {
  let last = end - 1;
  while (last >= from && /\s/.test(html.charAt(last))) last--;
  return last >= from && html.charCodeAt(last) === SLASH;
}

/**
 * Where the end tag of a raw-text element (`</script`, in any case) starts at or after `from`,
 * -1 when there is none. Each `</` is compared with the name in lower case, which costs less
 * than lower-casing the whole page to search it (a fifth of the scan on Sphinx pages).
 */
function rawTextEnd(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at >= 0; at = html.indexOf('</', at + 2)) {
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return -1;
}

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
  // A scan by character codes (no regular expression, no match objects): it runs over every
  // page the indexer reads. Comments are skipped to `-->` (or the end); a tag is `<`, an optional
  // `/`, a name and attributes up to the first `>` outside quotes.
  let from = 0;
  for (let at = html.indexOf('<', from); at >= 0; at = html.indexOf('<', from)) {
    if (html.startsWith('!--', at + 1)) {
      const end = html.indexOf('-->', at + 4);
      from = end < 0 ? html.length : end + 3;
      continue;
    }
    const closing = html.charCodeAt(at + 1) === SLASH;
    const nameStart = closing ? at + 2 : at + 1;
    if (!isNameStart(html.charCodeAt(nameStart))) {
      from = at + 1;
      continue;
    }
    let nameEnd = nameStart;
    let upperCase = false;
    for (let code = html.charCodeAt(nameEnd); isNameChar(code); code = html.charCodeAt(++nameEnd)) {
      if (code >= 0x41 && code <= 0x5a) upperCase = true;
    }
    const end = tagEnd(html, nameEnd);
    if (end < 0) {
      from = at + 1;
      continue;
    }
    from = end + 1;
    // Most names are written in lower case already: not lower-casing those saves a quarter of
    // the scan (a name is only ASCII, so only A to Z change).
    const slice = html.slice(nameStart, nameEnd);
    const name = upperCase ? slice.toLowerCase() : slice;
    if (VOID.has(name)) continue;
    if (!closing) {
      if (endsWithSlash(html, nameEnd, end)) continue;
      if (RAW_TEXT.has(name)) {
        // Positions are the page's own, also where lower-casing would change its length
        // (U+0130, İ, becomes two characters): no lower-case copy of the page is searched.
        const close = rawTextEnd(html, name, from);
        const closeEnd = close < 0 ? -1 : html.indexOf('>', close);
        from = closeEnd < 0 ? html.length : closeEnd + 1;
        continue;
      }
      stack.push({ name, at });
      continue;
    }
    let open = stack.length - 1;
    while (open >= 0 && stack[open]?.name !== name) open--;
    if (open < 0) {
      if (!OPTIONAL_END.has(name)) report(`stray </${name}>`, at);
      continue;
    }
    for (let k = stack.length - 1; k > open; k--) {
      const inner = stack[k] as { name: string; at: number };
      if (!OPTIONAL_END.has(inner.name)) report(`unclosed <${inner.name}>`, inner.at);
    }
    // Popping costs less than cutting the length (a call into V8's runtime): a tenth of the scan.
    while (stack.length > open) stack.pop();
  }
  for (const left of stack)
    if (!OPTIONAL_END.has(left.name)) report(`unclosed <${left.name}>`, left.at);
  if (count === 0) return { count };
  const line = html.slice(0, firstAt).split('\n').length;
  return { count, first: `${first} at line ${line}` };
}
