/**
 * The portal's one set of colour tokens, shared by the web app, both search clients, the doc-page
 * bar and overlay, the highlight marks and every server-rendered page, so that a colour is chosen
 * once and every surface follows the reader's `prefers-color-scheme`.
 *
 * Each key becomes the custom property `--color-<key>`; the names are the ones the web app's CSS
 * already used, so existing rules keep working.
 */
export interface ColourTokens {
  /** Body text. */
  ink: string;
  /** Secondary text (captions, hints); still >= 4.5:1 on surface and canvas. */
  'ink-muted': string;
  /** Cards, inputs, dialogs. */
  surface: string;
  /** The page background behind cards. */
  canvas: string;
  /** Borders and separators. */
  line: string;
  /** Borders of form controls, which need >= 3:1 against surface. */
  'line-strong': string;
  /** The header and footer band. */
  brand: string;
  /** Hovered or active items on the brand band. */
  'brand-soft': string;
  /** Text on the brand band. */
  'on-brand': string;
  /** Secondary text on the brand band. */
  'on-brand-muted': string;
  /** Links and primary buttons. */
  accent: string;
  /** Hovered links and primary buttons. */
  'accent-hover': string;
  /** Selected or highlighted rows. */
  'accent-soft': string;
  /** Text on an accent background (primary buttons). */
  'on-accent': string;
  /** Error text and borders. */
  danger: string;
  /** Error message background. */
  'danger-soft': string;
  /** Focus ring on surface and canvas. */
  focus: string;
  /** Focus ring on the brand band. */
  'focus-on-brand': string;
  /** Background of a highlighted search term (search results and landed doc pages). */
  mark: string;
  /** Text on a highlighted search term. */
  'on-mark': string;
  /** Outline around a highlighted search term, so it stays visible on any page colour. */
  'mark-edge': string;
  /** The dimmed page behind a modal dialog. */
  backdrop: string;
}

/** The token names, in the order the CSS block lists them. */
export type ColourTokenName = keyof ColourTokens;

/** Light mode: the colours the portal has always had. */
export const lightColours: ColourTokens = {
  ink: '#1b2434',
  'ink-muted': '#4b5567',
  surface: '#ffffff',
  canvas: '#f4f6fa',
  line: '#d8dee8',
  'line-strong': '#6b7588',
  brand: '#0f2340',
  'brand-soft': '#1b3660',
  'on-brand': '#ffffff',
  'on-brand-muted': '#c9d3e3',
  accent: '#0a5bc4',
  'accent-hover': '#084a9f',
  'accent-soft': '#e8f0fc',
  'on-accent': '#ffffff',
  danger: '#a3261d',
  'danger-soft': '#fdeceb',
  focus: '#0a5bc4',
  'focus-on-brand': '#ffd166',
  mark: '#ffe46b',
  'on-mark': '#1b1b1b',
  'mark-edge': '#b38f00',
  backdrop: 'rgb(20 24 31 / 55%)',
};

/**
 * Dark mode: light text on deep blue-grey, the same hues as light mode. Accent turns light, so
 * text on an accent background turns dark (`on-accent`). Marks keep their yellow: dark text on it
 * stays above 4.5:1 in both modes.
 */
export const darkColours: ColourTokens = {
  ink: '#e4e9f1',
  'ink-muted': '#aeb8c8',
  surface: '#18202c',
  canvas: '#0f141c',
  line: '#323d4f',
  'line-strong': '#7d889b',
  brand: '#0a1424',
  'brand-soft': '#1b2d4a',
  'on-brand': '#ffffff',
  'on-brand-muted': '#c9d3e3',
  accent: '#7cb3ff',
  'accent-hover': '#a9ccff',
  'accent-soft': '#1d3150',
  'on-accent': '#0a1424',
  danger: '#ff8f85',
  'danger-soft': '#3b1e1d',
  focus: '#7cb3ff',
  'focus-on-brand': '#ffd166',
  mark: '#ffe46b',
  'on-mark': '#1b1b1b',
  'mark-edge': '#b38f00',
  backdrop: 'rgb(0 0 0 / 70%)',
};

function declarations(colours: ColourTokens): string {
  return (Object.keys(colours) as ColourTokenName[])
    .map((name) => `--color-${name}:${colours[name]};`)
    .join('');
}

/**
 * The CSS that defines every `--color-*` custom property on `selector` (`:root` for a page,
 * `:host` for a shadow root) in light mode, with a `prefers-color-scheme: dark` override, and
 * the matching `color-scheme` so form controls and scroll bars follow. Minified, since server
 * pages inline it and the embedded scripts carry it in budgeted bundles.
 */
export function themeCss(selector = ':root'): string {
  return (
    `${selector}{color-scheme:light dark;${declarations(lightColours)}}` +
    `@media (prefers-color-scheme:dark){${selector}{${declarations(darkColours)}}}`
  );
}
