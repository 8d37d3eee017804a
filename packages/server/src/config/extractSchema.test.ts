import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './loadConfig';

const docSet = (id: string, extract?: unknown) => ({
  id,
  mount: id,
  folder: '/tmp',
  title: 't',
  product: 'p',
  version: '1',
  docType: 'd',
  ...(extract === undefined ? {} : { extract }),
});

/** The problems parsing reports for a config of three plain doc sets and one with `extract`. */
function problems(extract: unknown): string[] {
  try {
    parseConfig({ docSets: [docSet('a'), docSet('b'), docSet('c', extract)] }, { env: {} });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('docSets[].extract', () => {
  it('keeps valid selectors, with exclude always a list', () => {
    const config = parseConfig(
      {
        docSets: [
          docSet('a', {
            main: 'article',
            exclude: '.theme-doc-toc-desktop',
            title: 'header h1',
            breadcrumb: 'nav.breadcrumbs',
          }),
          docSet('b', { exclude: ['.toc', 'aside.promo, .feedback'] }),
          docSet('c'),
        ],
      },
      { env: {} },
    );
    expect(config.docSets.map((d) => d.extract)).toEqual([
      {
        main: 'article',
        exclude: ['.theme-doc-toc-desktop'],
        title: 'header h1',
        breadcrumb: 'nav.breadcrumbs',
      },
      { exclude: ['.toc', 'aside.promo, .feedback'] },
      undefined,
    ]);
  });

  it.each([
    ['main', { main: 'article[' }, 'docSets[2].extract.main'],
    ['title', { title: 'h1:nosuchpseudo' }, 'docSets[2].extract.title'],
    ['breadcrumb', { breadcrumb: '!!' }, 'docSets[2].extract.breadcrumb'],
    ['exclude (one selector)', { exclude: '#' }, 'docSets[2].extract.exclude'],
    ['exclude (in a list)', { exclude: ['.toc', 'div[x='] }, 'docSets[2].extract.exclude[1]'],
  ])('names the field of an invalid %s selector', (_field, extract, path) => {
    const found = problems(extract);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      new RegExp(`^${path.replace(/[[\].]/g, '\\$&')}: not a valid CSS selector \\(.+\\)$`),
    );
  });

  it('refuses an empty selector and an empty exclude list', () => {
    expect(problems({ main: '  ' })).toEqual([
      'docSets[2].extract.main: not a valid CSS selector (empty)',
    ]);
    expect(problems({ exclude: [] })[0]).toMatch(/^docSets\[2\]\.extract\.exclude: /);
  });

  it('names an unknown key under extract with the key it meant', () => {
    expect(problems({ exclud: ['.toc'] })).toEqual([
      'docSets[2].extract.exclud: unknown key (did you mean "exclude"?)',
    ]);
  });
});
