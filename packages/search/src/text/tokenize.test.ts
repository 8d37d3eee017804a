import { describe, expect, it } from 'vitest';
import { foldCase } from './foldCase';
import { stemTerm } from './stem';
import { tokenizeQueryWords, tokenizeText } from './tokenize';

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

  it('folds case and diacritics and records offsets in the original text', () => {
    const [token] = tokenizeText('  Café');
    expect(token).toMatchObject({ term: 'cafe', start: 2, end: 6 });
    expect(foldCase('ÉLAN')).toBe('elan');
  });

  it('drops terms longer than 64 characters', () => {
    expect(tokenizeText('x'.repeat(80))).toEqual([]);
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
