import JSON5 from 'json5';

/** A value of a JavaScript object literal as read by `parseJsLiteral`. */
export type JsLiteral =
  string | number | boolean | null | JsLiteral[] | { [key: string]: JsLiteral };

/**
 * Reads the JavaScript object or array literal of a text such as MadCap Flare's
 * table-of-contents files (`define({...});`) without evaluating anything: doc-set files are
 * untrusted. The literal runs from the first `{` or `[` to the last `}` or `]` and is parsed as
 * JSON5 (bare and quoted keys, single quotes, escapes, comments, trailing commas, hex numbers);
 * anything else (function calls, expressions) makes it throw with the position of the problem.
 */
export function parseJsLiteral(text: string): JsLiteral {
  const start = text.search(/[{[]/);
  if (start < 0) throw new Error('no object or array literal found');
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (end < start) throw new Error('unterminated literal');
  try {
    return JSON5.parse<JsLiteral>(text.slice(start, end + 1));
  } catch (error) {
    throw new Error(`not a plain literal: ${(error as Error).message.replace(/^JSON5: /, '')}`, {
      cause: error,
    });
  }
}
