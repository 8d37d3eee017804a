/** A value of a JavaScript object literal as read by `parseJsLiteral`. */
export type JsLiteral =
  string | number | boolean | null | JsLiteral[] | { [key: string]: JsLiteral };

const MAX_DEPTH = 200;

/**
 * Reads the first JavaScript object or array literal in a text, such as the argument of
 * `define({...});` in MadCap Flare's table-of-contents files, without evaluating anything:
 * doc-set files are untrusted. Understands quoted and bare keys, single- and double-quoted
 * strings with escapes, numbers, true/false/null/undefined and trailing commas; anything else
 * (function calls, expressions) makes it throw with the offset of the problem.
 */
export function parseJsLiteral(text: string): JsLiteral {
  let at = text.search(/[{[]/);
  if (at < 0) throw new Error('no object or array literal found');

  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${at}`);
  };

  const skipSpace = (): void => {
    for (;;) {
      const ch = text[at];
      if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '\ufeff') at++;
      else if (ch === '/' && text[at + 1] === '/') {
        const end = text.indexOf('\n', at);
        at = end < 0 ? text.length : end + 1;
      } else if (ch === '/' && text[at + 1] === '*') {
        const end = text.indexOf('*/', at + 2);
        if (end < 0) fail('unterminated comment');
        at = end + 2;
      } else return;
    }
  };

  const readString = (): string => {
    const quote = text[at++];
    let out = '';
    for (;;) {
      const ch = text[at++];
      if (ch === undefined) return fail('unterminated string');
      if (ch === quote) return out;
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const esc = text[at++];
      if (esc === undefined) return fail('unterminated escape');
      if (esc === 'u') {
        const hex =
          text[at] === '{' ? text.slice(at + 1, text.indexOf('}', at)) : text.slice(at, at + 4);
        if (!/^[0-9a-fA-F]{1,6}$/.test(hex)) fail('bad unicode escape');
        at += text[at] === '{' ? hex.length + 2 : 4;
        out += String.fromCodePoint(parseInt(hex, 16));
      } else if (esc === 'x') {
        const hex = text.slice(at, at + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail('bad hex escape');
        at += 2;
        out += String.fromCharCode(parseInt(hex, 16));
      } else if (esc === '\r' || esc === '\n') {
        if (esc === '\r' && text[at] === '\n') at++;
      } else {
        const simple: Record<string, string> = {
          n: '\n',
          r: '\r',
          t: '\t',
          b: '\b',
          f: '\f',
          v: '\v',
          '0': '\0',
        };
        out += simple[esc] ?? esc;
      }
    }
  };

  const readBare = (): string => {
    const match = /^[A-Za-z_$][\w$]*/.exec(text.slice(at, at + 256));
    if (match === null) return fail('unexpected character');
    at += match[0].length;
    return match[0];
  };

  const readValue = (depth: number): JsLiteral => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    skipSpace();
    const ch = text[at];
    if (ch === '{') return readObject(depth);
    if (ch === '[') return readArray(depth);
    if (ch === '"' || ch === "'") return readString();
    const number = /^[-+]?(?:0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(
      text.slice(at, at + 64),
    );
    if (number !== null) {
      at += number[0].length;
      return Number(number[0]);
    }
    const word = readBare();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null' || word === 'undefined') return null;
    return fail(`unsupported value "${word}"`);
  };

  const readObject = (depth: number): JsLiteral => {
    at++;
    const out: { [key: string]: JsLiteral } = Object.create(null) as { [key: string]: JsLiteral };
    for (;;) {
      skipSpace();
      if (text[at] === '}') {
        at++;
        return out;
      }
      const ch = text[at];
      let key: string;
      if (ch === '"' || ch === "'") key = readString();
      else if (ch !== undefined && /[0-9]/.test(ch)) key = String(readValue(depth + 1));
      else key = readBare();
      skipSpace();
      if (text[at] !== ':') fail('expected ":"');
      at++;
      out[key] = readValue(depth + 1);
      skipSpace();
      if (text[at] === ',') at++;
      else if (text[at] !== '}') fail('expected "," or "}"');
    }
  };

  const readArray = (depth: number): JsLiteral => {
    at++;
    const out: JsLiteral[] = [];
    for (;;) {
      skipSpace();
      if (text[at] === ']') {
        at++;
        return out;
      }
      out.push(readValue(depth + 1));
      skipSpace();
      if (text[at] === ',') at++;
      else if (text[at] !== ']') fail('expected "," or "]"');
    }
  };

  return readValue(0);
}
