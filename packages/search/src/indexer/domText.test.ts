import type { Element } from 'domhandler';
import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isExcluded, normaliseSpace } from './domText';

/** The first element of `html` (wrapped in a `<div>` when `html` is only attributes). */
function element(html: string): Element {
  const [first] = findAll(() => true, parseDocument(html).children);
  if (first === undefined) throw new Error(`no element in ${html}`);
  return first;
}

const withClass = (classes: string) => element(`<div class="${classes}">x</div>`);

describe('isExcluded', () => {
  it('excludes chrome classes in any case and anywhere in the class list', () => {
    for (const classes of [
      'nocontent',
      'BreadCrumbs',
      'breadcrumb',
      'HeaderLink',
      'anchorjs-link',
      'permalink',
      'navheader',
      'NAVFOOTER',
      'toc',
      'toctree-wrapper',
      'Menu',
      'sidenav',
      'sidenav-container',
      'off-canvas',
      'off-canvas-list',
      'off-canvas-accordion',
      // The Kelvin sign lower-cases to k.
      'headerlin\u212a',
      'permalin\u212a',
      'first toc',
      'a\ttoc\tb',
      'x\u00a0menu',
      '日本語\u3000nocontent',
      '𝒳 permalink',
      'MCBreadcrumbsBox_0',
      'MCMiniTocBox_1',
      'x _Skins_TopNav',
      'MCRelatedTopicsIcon',
    ]) {
      expect(isExcluded(withClass(classes)), classes).toBe(true);
    }
  });

  it('keeps content whose classes only look like chrome', () => {
    for (const classes of [
      '',
      'n',
      'reference internal',
      'toctree-l1',
      'navigation',
      'linked content-box',
      'menus',
      'mcminitoc',
      '_skins_topnav',
      'headerlinks',
      'toc\u0130',
      '日本語 クラス',
      '𝒳𝒴',
    ]) {
      expect(isExcluded(withClass(classes)), classes).toBe(false);
    }
  });

  it('excludes by tag, flag, role, label and navigation attribute', () => {
    for (const html of [
      '<nav>x</nav>',
      '<script>x</script>',
      '<div hidden>x</div>',
      '<div data-mc-ignore>x</div>',
      '<div data-pagefind-ignore="all">x</div>',
      '<div data-mc-searchable="False">x</div>',
      '<div MadCap:searchable=" no ">x</div>',
      '<div data-mc-toc="t">x</div>',
      '<ul data-mc-side-nav-menu>x</ul>',
      '<div role="Navigation">x</div>',
      '<div aria-label=" Breadcrumbs ">x</div>',
    ]) {
      expect(isExcluded(element(html)), html).toBe(true);
    }
    for (const html of [
      '<body data-mc-toc="t">x</body>',
      '<div data-mc-searchable="True">x</div>',
      '<div role="main" aria-label="Trail">x</div>',
      '<p id="toc" title="menu">x</p>',
    ]) {
      expect(isExcluded(element(html)), html).toBe(false);
    }
  });
});

describe('normaliseSpace', () => {
  it('collapses every run of whitespace to one space, single spaces and others alike', () => {
    expect(normaliseSpace('  a  b\tc\n\nd \u00a0e\u00a0f ')).toBe('a b c d e f');
    expect(normaliseSpace('日本語\u3000\u3000テキスト 𝒳\u2028𝒴\r\n')).toBe('日本語 テキスト 𝒳 𝒴');
    expect(normaliseSpace('one two  three\u2009four')).toBe('one two three four');
    expect(normaliseSpace('\t')).toBe('');
    expect(normaliseSpace('')).toBe('');
  });

  it('drops invisible characters before collapsing', () => {
    expect(normaliseSpace('role_\u200bname')).toBe('role_name');
    expect(normaliseSpace('a \u200b b\ufeff \u00ad c')).toBe('a b c');
    expect(normaliseSpace('x\u0000y \u2060 z')).toBe('xy z');
  });
});
