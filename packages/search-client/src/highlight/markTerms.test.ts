import { describe, expect, it, vi } from 'vitest';
import {
  contentRoot,
  HIGHLIGHT_CLASS,
  HIGHLIGHT_STYLE_ID,
  highlightPage,
  highlightTermsOf,
  markTerms,
  MAX_MARKS,
  MAX_TERMS,
  removeHighlights,
  SCROLL_MARGIN_PX,
  scrollToHash,
  startHighlighter,
} from './markTerms';

const marks = (root: ParentNode = document) =>
  [...root.querySelectorAll(`mark.${HIGHLIGHT_CLASS}`)].map((m) => m.textContent);

function page(body: string, url = '/docs/guide/a.htm') {
  document.body.innerHTML = body;
  window.history.replaceState(null, '', url);
}

describe('highlightTermsOf', () => {
  it('reads the lower-cased words of the Highlight parameter', () => {
    expect(highlightTermsOf('?Highlight=Backup%20VM%2Crestore+backup')).toEqual([
      'backup',
      'vm',
      'restore',
    ]);
    expect(highlightTermsOf('?highlight=x')).toEqual(['x']);
    expect(highlightTermsOf('?q=backup')).toEqual([]);
  });

  it('keeps hostile values to plain words, and only a few of them', () => {
    expect(
      highlightTermsOf(`?Highlight=${encodeURIComponent('<img src=x onerror=alert(1)>')}`),
    ).toEqual(['img', 'src', 'x', 'onerror', 'alert', '1']);
    const many = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    expect(highlightTermsOf(`?Highlight=${many}`)).toHaveLength(MAX_TERMS);
    expect(highlightTermsOf(`?Highlight=${'a'.repeat(65)}`)).toEqual([]);
  });

  it('keeps the combining marks of a word in it', () => {
    const value = encodeURIComponent('स्थापना, คู่มือ cafe\u0301');
    expect(highlightTermsOf(`?Highlight=${value}`)).toEqual(['स्थापना', 'คู่มือ', 'cafe\u0301']);
  });
});

describe('markTerms', () => {
  it('marks a Hindi word whole, and not a word that differs from it by a vowel sign', () => {
    page('<main><p>काम का नाम: कम्प्यूटर पर काम, कम नहीं।</p></main>');
    expect(markTerms(document.body, ['काम'])).toBe(2);
    expect(marks()).toEqual(['काम', 'काम']);
  });

  it('marks the words of Japanese and Thai runs, split as the index splits them', () => {
    page('<main><p>設定ファイルを編集します。設定は後で。</p><p>ติดตั้งโปรแกรมก่อนใช้งาน</p></main>');
    expect(markTerms(document.body, ['設定', 'ファイル', 'โปรแกรม'])).toBe(4);
    expect(marks()).toEqual(['設定', 'ファイル', '設定', 'โปรแกรม']);
    // The text around the marks is kept, in order.
    expect(document.querySelector('p')?.textContent).toBe('設定ファイルを編集します。設定は後で。');
    expect(document.querySelector('p')?.innerHTML).toBe(
      `<mark class="${HIGHLIGHT_CLASS}">設定</mark><mark class="${HIGHLIGHT_CLASS}">ファイル</mark>を編集します。<mark class="${HIGHLIGHT_CLASS}">設定</mark>は後で。`,
    );
  });

  it('marks a Latin word inside a Japanese run, and not a Japanese word a term only starts', () => {
    page('<main><p>VMwareのvmを設定ファイルで</p></main>');
    expect(markTerms(document.body, ['vm', '設'])).toBe(1);
    expect(marks()).toEqual(['vm']);
  });

  it('marks a decomposed accent like a precomposed one', () => {
    page('<main><p>Cafe\u0301 and café</p></main>');
    expect(markTerms(document.body, ['café'])).toBe(2);
    expect(marks()).toEqual(['Cafe\u0301', 'café']);
  });

  it('marks words starting with a term, whole, in any case', () => {
    page('<main><p>Backups and backup jobs; the feedback is not a backup-job.</p></main>');
    expect(markTerms(document.body, ['backup'])).toBe(3);
    expect(marks()).toEqual(['Backups', 'backup', 'backup']);
    expect(document.querySelector('p')?.textContent).toBe(
      'Backups and backup jobs; the feedback is not a backup-job.',
    );
  });

  it('marks a one-letter term only as a word of its own', () => {
    page('<main><p>Set x to a value, then xray.</p></main>');
    markTerms(document.body, ['x']);
    expect(marks()).toEqual(['x']);
  });

  it('leaves scripts, styles, form fields and existing marks alone', () => {
    page(
      '<main><script>var backup = 1;</script><style>.backup{}</style><textarea>backup</textarea>' +
        '<mark>backup</mark><p>backup</p></main>',
    );
    expect(markTerms(document.body, ['backup'])).toBe(1);
    expect(document.querySelector('script')?.textContent).toBe('var backup = 1;');
    expect(document.querySelector('style')?.textContent).toBe('.backup{}');
  });

  it('treats terms as text, never as patterns or markup', () => {
    page('<main><p>a.b a+b (x) <b>bold</b></p></main>');
    expect(markTerms(document.body, ['.*', '(x', '<b>', 'b'])).toBe(2);
    expect(marks()).toEqual(['b', 'b']);
    expect(document.querySelectorAll('b')).toHaveLength(1);
  });

  it('marks whole words and their stems, never a longer word a term starts', () => {
    page(
      '<main><p>Recover a VM; VMs and VMware hosts recovered from vmdk files. Café cafe</p></main>',
    );
    markTerms(document.body, ['vm', 'recover', 'cafe']);
    expect(marks()).toEqual(['Recover', 'VM', 'VMs', 'recovered', 'Café', 'cafe']);
  });

  it('takes every mark off again and leaves the text as it was', () => {
    page('<main><p>Restore the VM, then the other VM.</p></main>');
    markTerms(document.body, ['vm']);
    expect(removeHighlights(document)).toBe(2);
    expect(marks()).toEqual([]);
    const p = document.querySelector('p') as HTMLElement;
    expect(p.textContent).toBe('Restore the VM, then the other VM.');
    expect(p.childNodes).toHaveLength(1);
  });

  it('stops after the most marks a page may get', () => {
    page(`<main><p>${'backup '.repeat(MAX_MARKS + 20)}</p></main>`);
    expect(markTerms(document.body, ['backup'])).toBe(MAX_MARKS);
  });
});

describe('contentRoot', () => {
  it('prefers Flare’s main content, then role=main, then main, then the body', () => {
    page('<nav>backup</nav><main><div role="main"><div id="mc-main-content">x</div></div></main>');
    expect(contentRoot(document)?.id).toBe('mc-main-content');
    page('<main><div role="main">x</div></main>');
    expect(contentRoot(document)?.getAttribute('role')).toBe('main');
    page('<main>x</main>');
    expect(contentRoot(document)?.tagName).toBe('MAIN');
    page('<p>x</p>');
    expect(contentRoot(document)).toBe(document.body);
  });
});

describe('highlightPage', () => {
  it('marks the main content only, adds the style once and scrolls to the anchor', () => {
    page(
      '<nav>Backup menu</nav><div id="mc-main-content"><h2 id="restore-vm">Restore a VM</h2><p>Restore from backup.</p></div>',
      '/docs/guide/a.htm?Highlight=restore%20backup#restore-vm',
    );
    const scroll = vi.fn();
    (document.getElementById('restore-vm') as HTMLElement).scrollIntoView = scroll;
    expect(highlightPage(window)).toBe(3);
    expect(marks(document.querySelector('nav') as Element)).toEqual([]);
    expect(marks()).toEqual(['Restore', 'Restore', 'backup']);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect((document.getElementById('restore-vm') as HTMLElement).style.scrollMarginTop).toBe(
      `${SCROLL_MARGIN_PX}px`,
    );
    // Marks bring their own text colour, so a dark code block cannot make them white on yellow.
    expect(document.getElementById(HIGHLIGHT_STYLE_ID)?.textContent).toMatch(
      /background:#ffe46b!important;color:#1b1b1b!important/,
    );
    highlightPage(window);
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`)).toHaveLength(1);
    expect(marks()).toHaveLength(3);
  });

  it('does nothing on a page opened without Highlight', () => {
    page('<main id="top"><p>backup</p></main>', '/docs/guide/a.htm#top');
    const scroll = vi.fn();
    (document.getElementById('top') as HTMLElement).scrollIntoView = scroll;
    expect(highlightPage(window)).toBe(0);
    expect(scroll).not.toHaveBeenCalled();
    expect(document.getElementById(HIGHLIGHT_STYLE_ID)).toBeNull();
  });

  it('survives a hostile Highlight value and a hostile fragment', () => {
    const hostile = encodeURIComponent(
      '"><img src=x onerror="window.__hl=1"><script>window.__hl=2</script>',
    );
    page(
      '<main><p>img script window</p></main>',
      `/docs/a.htm?Highlight=${hostile}#%3Cimg%20src%3Dx%3E`,
    );
    highlightPage(window);
    expect(document.querySelectorAll('img, main script')).toHaveLength(0);
    expect(marks()).toEqual(['img', 'script', 'window']);
    expect((window as { __hl?: number }).__hl).toBeUndefined();
  });

  it('runs once the document is parsed', () => {
    page('<main><p>backup</p></main>', '/docs/a.htm?Highlight=backup');
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    startHighlighter(window);
    expect(marks()).toEqual([]);
    state.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(marks()).toEqual(['backup']);
  });
});

describe('scrollToHash', () => {
  it('finds the target by id (decoded) or by name', () => {
    page('<h2 id="a b">x</h2><a name="legacy"></a>');
    const byId = vi.fn();
    const byName = vi.fn();
    (document.getElementById('a b') as HTMLElement).scrollIntoView = byId;
    (document.getElementsByName('legacy')[0] as HTMLElement).scrollIntoView = byName;
    expect(scrollToHash(document, '#a%20b')).toBe(true);
    expect(scrollToHash(document, '#legacy')).toBe(true);
    expect(scrollToHash(document, '#missing')).toBe(false);
    expect(scrollToHash(document, '#%E0%A4%A')).toBe(false);
    expect(byId).toHaveBeenCalled();
    expect(byName).toHaveBeenCalled();
  });
});
