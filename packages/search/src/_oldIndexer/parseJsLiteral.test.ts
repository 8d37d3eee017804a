import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures';
import { parseJsLiteral } from './parseJsLiteral';

describe('parseJsLiteral', () => {
  it('reads the object inside define(...) with bare and quoted keys, strings and numbers', () => {
    const value = parseJsLiteral(
      `define({numchunks:1,prefix:'Toc_Chunk',"quoted":"a\\"b",list:[1,-2.5,true,null,],nested:{'x':'it\\'s'}});`,
    );
    expect(value).toEqual({
      numchunks: 1,
      prefix: 'Toc_Chunk',
      quoted: 'a"b',
      list: [1, -2.5, true, null],
      nested: { x: "it's" },
    });
  });

  it('decodes escapes and skips comments', () => {
    expect(parseJsLiteral("/* c */ ['\\u00e9\\x41\\n', // note\n 'b']")).toEqual(['éA\n', 'b']);
  });

  it('never runs code: calls and expressions are rejected', () => {
    expect(() => parseJsLiteral('define({a: process.exit(1)})')).toThrow(/not a plain literal/);
    expect(() => parseJsLiteral('define({a: 1 + 2})')).toThrow(/not a plain literal/);
    expect(() => parseJsLiteral('no literal here')).toThrow(/no object or array/);
  });

  it('does not let keys reach the object prototype', () => {
    const value = parseJsLiteral("{'__proto__': {'polluted': true}}") as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('rejects unterminated input and reads absurd nesting without running out of stack', () => {
    expect(() => parseJsLiteral("{a: 'open")).toThrow(/unterminated/);
    expect(() => parseJsLiteral("{a: 'open}")).toThrow(/not a plain literal/);
    expect(() => parseJsLiteral('['.repeat(1000))).toThrow(/unterminated/);
    const deep = parseJsLiteral(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(Array.isArray(deep)).toBe(true);
  });

  it('reads the Flare TOC fixture as the hand-written reader did', () => {
    const value = parseJsLiteral(fixture('flare/Data/Tocs/Toc.js').toString('utf8'));
    expect(value).toEqual({
      numchunks: 1,
      prefix: 'Toc_Chunk',
      chunkstart: ['/Content/Admin/Users.htm'],
      tree: {
        n: [
          {
            i: 0,
            c: 0,
            n: [
              { i: 1, c: 0 },
              { i: 2, c: 0 },
            ],
          },
        ],
      },
    });
  });
});
