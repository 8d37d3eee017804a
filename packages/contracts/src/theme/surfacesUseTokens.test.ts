import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { darkColours, lightColours } from './tokens';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

function cssFilesUnder(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(folder, file));
}

/** The main stylesheet or inline style of each surface: shell, clients, bar, overlay, pages. */
const mainStyles = [
  'packages/web/src/styles/global.css',
  'packages/search-client/src/v2/searchApp.css',
  'packages/search-client/src/legacy/legacy.css',
  'packages/search-client/src/docPage/barStyle.ts',
  'packages/search-client/src/overlay/overlayStyle.ts',
  'packages/search-client/src/highlight/markTerms.ts',
  'packages/server/src/errors/errorPage.ts',
  'packages/server/src/analytics/analyticsPage.ts',
  'packages/server/src/auth/signOutPage.ts',
  'packages/server/src/devIdp/loginPage.ts',
];

/** Every stylesheet and inline style of the portal's surfaces. */
const surfaces = [
  ...new Set([
    ...cssFilesUnder('packages/web/src'),
    ...cssFilesUnder('packages/search-client/src'),
    ...mainStyles,
  ]),
];

const colourLiteral = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b|\b(?:rgba?|hsla?)\([^)]*\)/gi;

/** The property a colour literal at `index` is the value of (`background`, `--shadow-card`...). */
function propertyAt(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('{', index), text.lastIndexOf(';', index)) + 1;
  return (text.slice(start, index).split(':')[0] ?? '').trim();
}

/**
 * The documented exceptions: shadows and mask images (shape, not colour), and translucent
 * colours (tints over the brand band, which is dark in both modes, and the sign-in glow).
 */
function isAllowed(literal: string, property: string): boolean {
  if (/shadow|mask-image/.test(property)) return true;
  return /^(rgb|hsl)a?\((.*\/|[^,]*,[^,]*,[^,]*,)/i.test(literal);
}

describe('every surface takes its colours from the shared tokens', () => {
  it('finds the feature stylesheets of the web app besides the main ones', () => {
    expect(surfaces).toContain('packages/web/src/header/header.css');
    expect(surfaces.length).toBeGreaterThan(mainStyles.length);
  });

  it.each(surfaces)('%s has no opaque colour literal of its own', (file) => {
    const text = readFileSync(join(repo, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const own = [...text.matchAll(colourLiteral)]
      .filter((match) => !isAllowed(match[0], propertyAt(text, match.index)))
      .map((match) => `${propertyAt(text, match.index)}: ${match[0]}`);
    expect(own).toEqual([]);
  });

  it.each(mainStyles)('%s uses the --color-* tokens or their values', (file) => {
    const text = readFileSync(join(repo, file), 'utf8');
    expect(/var\(--color-[a-z-]+\)|lightColours\[|lightColours\./.test(text)).toBe(true);
  });

  it('inlines the token block into every server-rendered page', () => {
    for (const file of mainStyles.filter((path) => path.startsWith('packages/server/'))) {
      expect(readFileSync(join(repo, file), 'utf8'), relative(repo, file)).toContain(
        '${themeCss()}',
      );
    }
  });

  it('gives the shell’s browser chrome the brand colour of each mode', () => {
    const html = readFileSync(join(repo, 'packages/web/index.html'), 'utf8');
    expect(html).toContain('<meta name="color-scheme" content="light dark" />');
    expect(html).toContain(
      `<meta name="theme-color" content="${lightColours.brand}" media="(prefers-color-scheme: light)" />`,
    );
    expect(html).toContain(
      `<meta name="theme-color" content="${darkColours.brand}" media="(prefers-color-scheme: dark)" />`,
    );
  });
});
