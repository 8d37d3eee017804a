import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '../search';
import {
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  MAX_FRAME_HEIGHT,
  MAX_FRAME_TEXT,
  MAX_RESULT_PAGE,
  MAX_SEARCH_LENGTH,
  readClientMessage,
  readInitMessage,
  readQueryFilters,
  readQueryPage,
  readSearchFilters,
} from './frameMessages';

const long = (length: number) => 'x'.repeat(length);

describe('readSearchFilters', () => {
  it('accepts filters within the limits and returns a copy', () => {
    const input = {
      product: ['Helios', 'DP'],
      [`a${long(39)}`]: Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `v${i}`),
      'doc_type-2': [long(MAX_FILTER_VALUE_LENGTH)],
      constructor: ['x'],
    };
    const filters = readSearchFilters(input);
    expect(filters).toEqual(input);
    input.product.push('changed later');
    expect(filters?.product).toEqual(['Helios', 'DP']);
    expect(readSearchFilters({})).toEqual({});
  });

  it.each([
    ['null', null],
    ['a string', 'product=Helios'],
    ['an array', [['product', ['Helios']]]],
    ['a class instance', new Date()],
    ['a name starting with a digit', { '1product': ['a'] }],
    ['a name starting with an underscore', { _product: ['a'] }],
    ['a name of 41 characters', { [`a${long(40)}`]: ['a'] }],
    ['a name with a dot', { 'product.name': ['a'] }],
    ['an empty name', { '': ['a'] }],
    ['the name searchString', { searchString: ['a'] }],
    ['an own __proto__ key', JSON.parse('{"__proto__": ["a"]}') as unknown],
    ['values that are not a list', { product: 'Helios' }],
    ['an empty value', { product: [''] }],
    ['a value over the length limit', { product: [long(MAX_FILTER_VALUE_LENGTH + 1)] }],
    ['too many values', { product: Array.from({ length: MAX_FILTER_VALUES + 1 }, () => 'a') }],
    ['a value that is not a string', { product: [1] }],
    ['a missing value in the list', { product: ['a', undefined] }],
    ['one bad filter among good ones', { product: ['Helios'], version: [''] }],
  ])('refuses %s', (_name, value) => {
    expect(readSearchFilters(value)).toBeNull();
  });
});

describe('readQueryFilters', () => {
  it('collects every parameter but searchString and empty ones, repeated names in order', () => {
    const params = new URLSearchParams('searchString=vm&product=Helios&version=&product=DP&v=6.5');
    expect(readQueryFilters(params)).toEqual({ product: ['Helios', 'DP'], v: ['6.5'] });
  });

  it('reads names that an object inherits as ordinary filters', () => {
    expect(readQueryFilters(new URLSearchParams('constructor=a&toString=b'))).toEqual({
      constructor: ['a'],
      toString: ['b'],
    });
  });

  it.each([
    'product=Helios&1bad=x',
    'product=Helios&__proto__=x',
    `product=${long(MAX_FILTER_VALUE_LENGTH + 1)}`,
    Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `product=${i}`).join('&'),
  ])('gives no filters at all for %s', (query) => {
    expect(readQueryFilters(new URLSearchParams(query))).toEqual({});
  });
});

describe('readInitMessage', () => {
  const init = { type: 'docs-portal:init', searchUrl: '/s', searchString: '' };

  it('accepts the init message and defaults the filters', () => {
    expect(readInitMessage(init)).toEqual({ ...init, filters: {} });
    expect(readInitMessage({ ...init, filters: undefined })).toEqual({ ...init, filters: {} });
    expect(
      readInitMessage({
        ...init,
        searchUrl: long(MAX_FRAME_TEXT),
        searchString: long(MAX_FRAME_TEXT),
        filters: { product: ['Helios'] },
      }),
    ).toEqual({
      ...init,
      searchUrl: long(MAX_FRAME_TEXT),
      searchString: long(MAX_FRAME_TEXT),
      filters: { product: ['Helios'] },
    });
  });

  it.each([
    ['another type', { type: 'docs-portal:hello' }],
    ['no type', { searchUrl: '/s', searchString: '' }],
    ['an unknown key', { ...init, x: 1 }],
    ['an empty search URL', { ...init, searchUrl: '' }],
    ['an over-long search URL', { ...init, searchUrl: long(MAX_FRAME_TEXT + 1) }],
    ['no search string', { type: 'docs-portal:init', searchUrl: '/s' }],
    ['a non-string search string', { ...init, searchString: 1 }],
    ['an over-long search string', { ...init, searchString: long(MAX_FRAME_TEXT + 1) }],
    ['a filter named searchString', { ...init, filters: { searchString: ['a'] } }],
    ['a filter value that is not a string', { ...init, filters: { product: [1] } }],
    ['filters that are null', { ...init, filters: null }],
    ['the message as JSON text', JSON.stringify(init)],
    ['null', null],
    ['an array', [init]],
  ])('refuses %s', (_name, data) => {
    expect(readInitMessage(data)).toBeNull();
  });
});

describe('readClientMessage', () => {
  it('accepts a hello with nothing else', () => {
    expect(readClientMessage({ type: 'docs-portal:hello' })).toEqual({ type: 'docs-portal:hello' });
    expect(readClientMessage({ type: 'docs-portal:hello', extra: 1 })).toBeNull();
  });

  it('accepts HTTP errors with an integer status from 100 to 599 and a URL', () => {
    for (const status of [100, 401, 599]) {
      expect(readClientMessage({ type: 'docs-portal:http-error', status, url: '/s' })).toEqual({
        type: 'docs-portal:http-error',
        status,
        url: '/s',
      });
    }
  });

  it.each([
    ['a status under 100', { status: 99 }],
    ['a status over 599', { status: 600 }],
    ['a fractional status', { status: 401.5 }],
    ['a status as text', { status: '401' }],
    ['a status that is not a number', { status: Number.NaN }],
    ['an infinite status', { status: Number.POSITIVE_INFINITY }],
    ['no URL', { url: undefined }],
    ['an empty URL', { url: '' }],
    ['an over-long URL', { url: long(MAX_FRAME_TEXT + 1) }],
    ['an unknown key', { extra: true }],
  ])('refuses an HTTP error with %s', (_name, change) => {
    const message = { type: 'docs-portal:http-error', status: 401, url: '/s', ...change };
    expect(readClientMessage(message)).toBeNull();
  });

  it('fills the defaults of a state message', () => {
    expect(readClientMessage({ type: 'docs-portal:state', searchString: 's' })).toEqual({
      type: 'docs-portal:state',
      searchString: 's',
      filters: {},
      history: 'push',
    });
    expect(
      readClientMessage({
        type: 'docs-portal:state',
        searchString: long(MAX_FRAME_TEXT),
        filters: { product: ['Helios'] },
        history: 'replace',
      }),
    ).toEqual({
      type: 'docs-portal:state',
      searchString: long(MAX_FRAME_TEXT),
      filters: { product: ['Helios'] },
      history: 'replace',
    });
  });

  it.each([
    ['a filter named searchString', { filters: { searchString: ['x'] } }],
    ['a bad filter value', { filters: { product: [''] } }],
    ['filters that are not an object', { filters: ['product'] }],
    ['an unknown history mode', { history: 'forget' }],
    ['no search string', { searchString: undefined }],
    ['an over-long search string', { searchString: long(MAX_FRAME_TEXT + 1) }],
    ['an unknown key', { extra: true }],
    ['page 0', { page: 0 }],
    ['a fractional page', { page: 1.5 }],
    ['a page past the last one allowed', { page: MAX_RESULT_PAGE + 1 }],
    ['a page given as text', { page: '2' }],
  ])('refuses a state message with %s', (_name, change) => {
    expect(readClientMessage({ type: 'docs-portal:state', searchString: 's', ...change })).toBe(
      null,
    );
  });

  it('keeps the result page of a state message', () => {
    expect(readClientMessage({ type: 'docs-portal:state', searchString: 's', page: 2 })).toEqual({
      type: 'docs-portal:state',
      searchString: 's',
      filters: {},
      history: 'push',
      page: 2,
    });
  });

  it('accepts content heights and reveal bands in range, and nothing else', () => {
    expect(readClientMessage({ type: 'docs-portal:resize', height: 2800.5 })).toEqual({
      type: 'docs-portal:resize',
      height: 2800.5,
    });
    expect(readClientMessage({ type: 'docs-portal:reveal', top: 10, bottom: 90 })).toEqual({
      type: 'docs-portal:reveal',
      top: 10,
      bottom: 90,
    });
    for (const data of [
      { type: 'docs-portal:resize', height: -1 },
      { type: 'docs-portal:resize', height: Number.POSITIVE_INFINITY },
      { type: 'docs-portal:resize', height: MAX_FRAME_HEIGHT + 1 },
      { type: 'docs-portal:resize', height: '100' },
      { type: 'docs-portal:resize', height: 100, width: 5 },
      { type: 'docs-portal:reveal', top: 90, bottom: 10 },
      { type: 'docs-portal:reveal', top: Number.NaN, bottom: 10 },
      { type: 'docs-portal:reveal', top: 0 },
    ]) {
      expect(readClientMessage(data)).toBeNull();
    }
  });

  it('reads the result page of a query string only as plain digits from 1 to 1000', () => {
    expect(readQueryPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readQueryPage(new URLSearchParams('page=1000'))).toBe(1000);
    for (const query of ['', 'page=0', 'page=1001', 'page=2.5', 'page=1e2', 'page=+2', 'page=02']) {
      expect(readQueryPage(new URLSearchParams(query))).toBeUndefined();
    }
    expect(readQueryFilters(new URLSearchParams('page=2&product=Helios'))).toEqual({
      product: ['Helios'],
    });
  });

  it('accepts a navigation request with a URL of 1 to 4000 characters and nothing else', () => {
    expect(readClientMessage({ type: 'docs-portal:navigate', url: '/docs/a' })).toEqual({
      type: 'docs-portal:navigate',
      url: '/docs/a',
    });
    for (const data of [
      { type: 'docs-portal:navigate', url: '' },
      { type: 'docs-portal:navigate', url: long(MAX_FRAME_TEXT + 1) },
      { type: 'docs-portal:navigate', url: 1 },
      { type: 'docs-portal:navigate', url: '/docs/a', target: '_top' },
    ]) {
      expect(readClientMessage(data)).toBeNull();
    }
  });

  it.each([
    [
      'the portal’s own init message',
      { type: 'docs-portal:init', searchUrl: '/s', searchString: '' },
    ],
    ['an unknown type', { type: 'docs-portal:other' }],
    ['no type', { url: '/docs/a' }],
    ['a string', 'docs-portal:hello'],
    ['null', null],
    ['an array', [{ type: 'docs-portal:hello' }]],
  ])('refuses %s', (_name, data) => {
    expect(readClientMessage(data)).toBeNull();
  });
});

describe('MAX_SEARCH_LENGTH', () => {
  it('is the search API’s MAX_QUERY_LENGTH, which the clients cannot import', () => {
    expect(MAX_SEARCH_LENGTH).toBe(MAX_QUERY_LENGTH);
  });
});
