import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { darkColours, lightColours, themeCss, type ColourTokenName } from './tokens';
import { tokensCssFile } from './tokensCssFile';

/** Text (4.5:1) and non-text (3:1) pairs every surface relies on: [foreground, background]. */
const textPairs: [ColourTokenName, ColourTokenName][] = [
  ['ink', 'surface'],
  ['ink', 'canvas'],
  ['ink', 'accent-soft'],
  ['ink-muted', 'surface'],
  ['ink-muted', 'canvas'],
  ['accent', 'surface'],
  ['accent', 'canvas'],
  ['accent', 'accent-soft'],
  ['accent-hover', 'surface'],
  ['on-accent', 'accent'],
  ['on-accent', 'accent-hover'],
  ['on-brand', 'brand'],
  ['on-brand', 'brand-soft'],
  ['on-brand-muted', 'brand'],
  ['on-brand-muted', 'brand-soft'],
  ['danger', 'surface'],
  ['danger', 'canvas'],
  ['danger', 'danger-soft'],
  ['on-mark', 'mark'],
];
const nonTextPairs: [ColourTokenName, ColourTokenName][] = [
  ['line-strong', 'surface'],
  ['focus', 'surface'],
  ['focus', 'canvas'],
  ['focus-on-brand', 'brand'],
  ['mark-edge', 'surface'],
];

describe.each([
  ['light', lightColours],
  ['dark', darkColours],
])('the %s colour tokens', (_mode, colours) => {
  it.each(textPairs)('keep %s on %s at 4.5:1 or more', (foreground, background) => {
    expect(contrastRatio(colours[foreground], colours[background])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(nonTextPairs)('keep %s against %s at 3:1 or more', (foreground, background) => {
    expect(contrastRatio(colours[foreground], colours[background])).toBeGreaterThanOrEqual(3);
  });
});

describe('themeCss', () => {
  it('defines every token on the selector in light mode and overrides each in dark mode', () => {
    const css = themeCss(':host');
    const [light = '', dark = ''] = css.split('@media (prefers-color-scheme:dark)');
    for (const name of Object.keys(lightColours) as ColourTokenName[]) {
      expect(light).toContain(`--color-${name}:${lightColours[name]};`);
      expect(dark).toContain(`--color-${name}:${darkColours[name]};`);
    }
    expect(light.startsWith(':host{color-scheme:light dark;')).toBe(true);
    expect(dark.startsWith('{:host{')).toBe(true);
  });

  it('gives dark mode its own text and background colours', () => {
    expect(darkColours.ink).not.toBe(lightColours.ink);
    expect(darkColours.surface).not.toBe(lightColours.surface);
    expect(contrastRatio(darkColours.surface, '#000000')).toBeLessThan(2);
  });

  it('is what the committed tokens.css holds (run writeTokensCss.ts after changing tokens.ts)', () => {
    expect(readFileSync(new URL('./tokens.css', import.meta.url), 'utf8')).toBe(tokensCssFile());
  });
});
