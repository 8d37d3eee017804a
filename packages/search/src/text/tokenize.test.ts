import { describe, expect, it } from 'vitest';
import { foldCase } from '@docs-portal/contracts/text';
import { stemTerm } from './stem';
import { capTerm, eachChunk, MAX_TERM_LENGTH, tokenizeQueryWords, tokenizeText } from './tokenize';

const terms = (text: string) => tokenizeText(text).map((t) => `${t.term}@${t.position}`);

describe('tokenizeText', () => {
  it('keeps identifiers whole and split into parts', () => {
    expect(terms('call os.path.join now')).toEqual([
      'call@0',
      'os@1',
      'os.path.join@1',
      'path@2',
      'path.join@2',
      'join@3',
      'now@4',
    ]);
    expect(terms('__init__ and re.sub')).toEqual([
      'init@0',
      '__init__@0',
      'and@1',
      're@2',
      're.sub@2',
      'sub@3',
    ]);
  });

  it('joins dotted tails and compound segments of qualified names', () => {
    const joined = tokenizeText('sys.last_value Document.createElement').filter((t) => t.joined);
    expect(joined.map((t) => `${t.term}@${t.position}`)).toEqual([
      'sys.last_value@0',
      'last_value@1',
      'document.createelement@3',
      'createelement@4',
    ]);
  });

  it('splits camelCase and keeps the joined form', () => {
    expect(tokenizeText('getElementById XMLParser').map((t) => t.term)).toEqual([
      'get',
      'getelementbyid',
      'element',
      'by',
      'id',
      'xml',
      'xmlparser',
      'parser',
    ]);
  });

  it('keeps the plural of an acronym as one word', () => {
    expect(tokenizeText('Python HOWTOs list URLs and APIsFor').map((t) => t.term)).toEqual([
      'python',
      'howtos',
      'list',
      'urls',
      'and',
      'apis',
      'apisfor',
      'for',
    ]);
  });

  it('splits at the last characters of a text as inside it', () => {
    // Identifiers that end the text: a joint, a capital or an acronym's plural as the last
    // character (what the scanner reads by index, never past the end).
    expect(terms('os.')).toEqual(['os@0']);
    expect(terms('std::')).toEqual(['std@0']);
    expect(terms('a::b')).toEqual(['a@0', 'a::b@0', 'b@1']);
    expect(tokenizeText('parseURL').map((t) => t.term)).toEqual(['parse', 'parseurl', 'url']);
    expect(tokenizeText('getA').map((t) => t.term)).toEqual(['get', 'geta', 'a']);
    expect(tokenizeText('HTTPs').map((t) => t.term)).toEqual(['https']);
    expect(tokenizeText('ÉtéÀ').map((t) => t.term)).toEqual(['ete', 'etea', 'a']);
  });

  it('folds case and diacritics and records offsets in the original text', () => {
    const [token] = tokenizeText('  Café');
    expect(token).toMatchObject({ term: 'cafe', start: 2, end: 6 });
    expect(foldCase('ÉLAN')).toBe('elan');
  });

  it('cuts terms longer than 64 characters instead of dropping them', () => {
    const long = `${'ab'.repeat(40)}`;
    const [token] = tokenizeText(`see ${long} here`).slice(1);
    expect(token).toMatchObject({ term: long.slice(0, 64), start: 4, end: 84 });
    expect(tokenizeQueryWords(long)[0]?.parts).toEqual([long.slice(0, 64)]);
    const emoji = `${'a'.repeat(63)}\u{1d49c}b`;
    expect(capTerm(emoji)).toBe('a'.repeat(63));
    expect(MAX_TERM_LENGTH).toBe(64);
  });

  it('segments Japanese and Thai into words and keeps voicing marks', () => {
    const text = '設定ファイルを読み込みます';
    const tokens = tokenizeText(text);
    expect(tokens.length).toBeGreaterThan(2);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.term);
    expect(tokens.map((t) => t.term)).toContain('ファイル');
    expect(foldCase('ガイド')).toBe('ガイド');
    expect(foldCase('ｶﾞｲﾄﾞ')).toBe('ガイド');
    expect(tokenizeText('ภาษาไทยไม่มีช่องว่าง').length).toBeGreaterThan(2);
    expect(tokenizeText('我们使用配置文件').length).toBeGreaterThan(1);
    expect(foldCase('Ἀθήνα')).toBe('αθηνα');
    // Latin words inside a Japanese run keep their identifiers.
    expect(tokenizeText('os.pathモジュール').map((t) => t.term)).toEqual([
      'os',
      'os.path',
      'path',
      'モジュール',
    ]);
    expect(tokenizeQueryWords('ファイルを読み込み').map((w) => w.raw)).toEqual(
      tokenizeText('ファイルを読み込み').map((t) => t.term),
    );
  });

  it('treats curly and straight apostrophes alike', () => {
    const curly = tokenizeText('don\u2019t use O\u2019Reilly').map((t) => t.term);
    expect(curly).toEqual(tokenizeText("don't use O'Reilly").map((t) => t.term));
    expect(tokenizeQueryWords('\u201cSafe Mode\u201d').map((w) => w.raw)).toEqual(['Safe', 'Mode']);
  });

  it('finds code tokens whole and by part', () => {
    const all = (text: string) => tokenizeText(text).map((t) => t.term);
    expect(all('ORA-00942')).toEqual(['ora', 'ora-00942', '00942']);
    expect(all('std::vector')).toEqual(['std', 'std::vector', 'vector']);
    expect(all('use --dry-run')).toEqual(['use', 'dry', 'dry-run', 'run']);
    expect(all('call foo() then E1234 and HTTP 404')).toEqual([
      'call',
      'foo',
      'then',
      'e1234',
      'and',
      'http',
      '404',
    ]);
    expect(all('max_connections')).toEqual(['max', 'max_connections', 'connections']);
    expect(tokenizeQueryWords('--dry-run')).toEqual([
      { raw: 'dry-run', parts: ['dry', 'run'], joined: 'dry-run' },
    ]);
    expect(tokenizeQueryWords('foo()')).toEqual([{ raw: 'foo', parts: ['foo'] }]);
  });
});

describe('tokenizeQueryWords and stemming', () => {
  it('gives each query word its parts and joined form', () => {
    expect(tokenizeQueryWords('k8s os.path')).toEqual([
      { raw: 'k8s', parts: ['k8s'] },
      { raw: 'os.path', parts: ['os', 'path'], joined: 'os.path' },
    ]);
  });

  it('stems English words but not identifiers or numbers', () => {
    expect(stemTerm('connections')).toBe(stemTerm('connection'));
    expect(stemTerm('os.path')).toBe('os.path');
    expect(stemTerm('utf8')).toBe('utf8');
  });
});

describe('eachChunk', () => {
  // What eachChunk did with regular expressions before it scanned character codes, with the
  // combining marks that continue a word (written out here, not taken from the shared rule).
  const WORD = '[\\p{L}\\p{N}_][\\p{L}\\p{N}_\\p{M}]*';
  const CHUNK = new RegExp(`${WORD}(?:(?:[.-]|::)${WORD})*`, 'gu');
  const UNSPACED =
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
  const byRegExp = (text: string): string[] => {
    const chunks: string[] = [];
    for (const match of text.matchAll(CHUNK)) {
      if (!UNSPACED.test(match[0])) {
        chunks.push(`${match[0]}@${match.index}`);
        continue;
      }
      for (const piece of segmenter.segment(match[0])) {
        if (!piece.isWordLike) continue;
        for (const inner of piece.segment.matchAll(CHUNK)) {
          chunks.push(`${inner[0]}@${match.index + piece.index + inner.index}`);
        }
      }
    }
    return chunks;
  };
  const byScan = (text: string): string[] => {
    const chunks: string[] = [];
    eachChunk(text, (chunk, offset, plain) => {
      expect(plain).toBe(/^[A-Za-z]?[a-z0-9]*$/.test(chunk));
      chunks.push(`${chunk}@${offset}`);
    });
    return chunks;
  };
  // ASCII, joints, accents precomposed and combining, other letters and digits, letters and
  // symbols outside the BMP, lone surrogates, unspaced scripts, half-width kana, punctuation,
  // combining marks (Devanagari vowel sign and virama, a Tamil spacing mark, Thai tone and
  // vowel marks, a Hebrew point, an enclosing mark, a mark outside the BMP).
  const pieces = [
    ...'aZq09_.-: ',
    '::',
    'Ab',
    'Es',
    'é',
    'e\u0301',
    'É',
    'ß',
    'İ',
    'ǅ',
    '²',
    '½',
    'Ⅻ',
    '٣',
    'ا',
    'Ἀ',
    '\u{1d49c}',
    '\u{20000}',
    '\u{1f600}',
    '\ud800',
    '\udc00',
    '日本',
    '語',
    'ファイル',
    'を',
    'ｶﾞ',
    'ภาษา',
    '\u0e01',
    'ໄ',
    'ក',
    'က',
    'हिन्दी',
    '\u093f',
    '\u094d',
    '\u0bbe',
    '\u0e48',
    '\u0e31',
    'ไม่',
    '\u05b4',
    '\u20dd',
    '\u{1d167}',
    '\u2019',
    '\u201c',
    '\u00a0',
    '\u200b',
    '\u203a',
    '\t',
  ];

  it('finds the chunks the regular expression finds, in any text', () => {
    let seed = 14;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 5000; k++) {
      let text = '';
      for (let n = random(24); n > 0; n--) text += pieces[random(pieces.length)];
      expect(byScan(text), JSON.stringify(text)).toEqual(byRegExp(text));
    }
  });

  it('splits code, prose and unspaced scripts as the regular expression does', () => {
    for (const text of [
      'call os.path.join(a, b) then std::vector<int> and --dry-run, x.:y a:::b a..b a-',
      'Café, naïve ÉLAN Straße ﬁle Ａｂｃ 𝒜𝒷 x\u{1d49c}y 😀ok \ud800a\udc00b',
      '設定ファイルを読み込みます os.pathモジュール ภาษาไทยไม่มีช่องว่าง 我们使用配置文件',
      'Home \u203a Guide \u203a don\u2019t stop; HOWTOs URLs APIsFor 3D 404 E1234',
    ]) {
      expect(byScan(text)).toEqual(byRegExp(text));
    }
  });
});

describe('tokenizeText on repeated chunks', () => {
  it('gives the same tokens for a chunk met again', () => {
    const text = 'Document.createElement sys.last_value __init__ XMLParser Café';
    const first = tokenizeText(text);
    expect(tokenizeText(`${text} ${text}`).slice(first.length)).toEqual(
      first.map((t) => ({
        ...t,
        position: t.position + first.filter((u) => !u.joined).length,
        start: t.start + text.length + 1,
        end: t.end + text.length + 1,
      })),
    );
  });
});

describe('tokenizeText on combining marks', () => {
  const spans = (text: string) =>
    tokenizeText(text).map((t) => `${t.term}@${t.position}:${text.slice(t.start, t.end)}`);

  it('keeps Hindi vowel signs and viramas inside their words', () => {
    // स्थापना: a virama (U+094D) and a vowel sign; किताबें: vowel signs and an anusvara (U+0902).
    expect(spans('हिन्दी भाषा में स्थापना, किताबें!')).toEqual([
      'हिन्दी@0:हिन्दी',
      'भाषा@1:भाषा',
      'में@2:में',
      'स्थापना@3:स्थापना',
      'किताबें@4:किताबें',
    ]);
  });

  it('keeps the spacing marks (Mc) of Bengali and Tamil inside their words', () => {
    // U+09BE and U+0BBE are spacing vowel signs, U+0BCD the Tamil virama.
    expect(tokenizeText('বাংলা ভাষা').map((t) => t.term)).toEqual(['বাংলা', 'ভাষা']);
    expect(tokenizeText('தமிழ் மொழி கோப்பு').map((t) => t.term)).toEqual(['தமிழ்', 'மொழி', 'கோப்பு']);
  });

  it('lets the segmenter split Thai with its tone and vowel marks', () => {
    const text = 'ภาษาไทยไม่มีช่องว่าง';
    const tokens = tokenizeText(text);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.term);
    // ไม่ (mai tho U+0E48) and ช่อง were cut at their tone marks before.
    expect(tokens.map((t) => t.term)).toContain('ช่อง');
    expect(tokens.map((t) => t.term).join('')).toBe(text);
    expect(tokenizeQueryWords('ช่องว่าง').flatMap((w) => w.parts)).toEqual(
      tokenizeText('ช่องว่าง').map((t) => t.term),
    );
  });

  it('folds a decomposed Latin accent like a precomposed one', () => {
    const decomposed = 'Cafe\u0301 re\u0301sume\u0301 CafeBar Cafe\u0301Bar';
    expect(spans(decomposed)).toEqual([
      'cafe@0:Cafe\u0301',
      'resume@1:re\u0301sume\u0301',
      'cafe@2:Cafe',
      'cafebar@2:CafeBar',
      'bar@3:Bar',
      'cafe@4:Cafe\u0301',
      'cafebar@4:Cafe\u0301Bar',
      'bar@5:Bar',
    ]);
    const precomposed = tokenizeText('Café résumé CafeBar CaféBar');
    expect(tokenizeText(decomposed).map((t) => t.term)).toEqual(precomposed.map((t) => t.term));
    expect(tokenizeQueryWords('cafe\u0301')).toEqual([{ raw: 'cafe\u0301', parts: ['cafe'] }]);
  });

  it('skips a mark that follows no word character', () => {
    expect(spans('\u0301abc \u093fक x \u0e48')).toEqual(['abc@0:abc', 'क@1:क', 'x@2:x']);
    expect(tokenizeText('\u093f\u094d')).toEqual([]);
  });

  it('keeps a mark after a digit and leaves a mark after an underscore out of the parts', () => {
    expect(spans('5\u0301 9ि')).toEqual(['5@0:5\u0301', '9ि@1:9ि']);
    expect(spans('x_\u0301a')).toEqual(['x@0:x', 'x_a@0:x_\u0301a', 'a@1:a']);
    expect(tokenizeText('_\u093f')).toEqual([]);
  });

  it('does not join a word to a mark after a joint', () => {
    expect(spans('os.\u0301path a-\u093f')).toEqual(['os@0:os', 'path@1:path', 'a@2:a']);
  });

  it('records offsets that slice the original text, marks included', () => {
    const text = 'देखें: os.path.join और ภาษาไทย, naïve';
    const tokens = tokenizeText(text);
    for (const t of tokens) {
      expect(foldCase(text.slice(t.start, t.end))).toBe(t.term);
    }
    expect(tokens.map((t) => t.term)).toEqual([
      'देखें',
      'os',
      'os.path.join',
      'path',
      'path.join',
      'join',
      'और',
      'ภาษา',
      'ไทย',
      'naive',
    ]);
  });

  it('cuts a long word with marks at 64 characters', () => {
    const long = 'हिन्दी'.repeat(20);
    const [token] = tokenizeText(long);
    expect(token).toMatchObject({ term: long.slice(0, 64), start: 0, end: long.length });
  });
});
