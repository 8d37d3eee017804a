import { IconError } from './IconError';

/** The custom SVG icons shipped with the app (public/icons/<name>.svg). */
export const CUSTOM_ICON_NAMES = [
  'aws',
  'azure',
  'book',
  'gcm',
  'imanis',
  'logo',
  'security',
  'techDoc',
  'virtual',
] as const;

/** Font icon aliases: `fontawesome:<glyph>` draws `<i class="fa fa-<glyph>">`. */
export const FONT_ICON_ALIASES: Readonly<Record<string, string>> = { fontawesome: 'fa' };

/** Where an icon comes from. */
export type IconSource = { kind: 'svg'; url: string } | { kind: 'font'; className: string };

const extraIcons = new Map<string, string>();

/** URL of a custom icon shipped with the app: `{basePath}/ui/icons/<name>.svg`. */
export function iconUrl(basePath: string, name: string): string {
  return `${basePath}/ui/icons/${name}.svg`;
}

/** Registers (or replaces) an SVG icon fetched from `url` under `name`. */
export function registerIcon(name: string, url: string): void {
  extraIcons.set(name, url);
}

/** Removes an icon added with {@link registerIcon}. */
export function unregisterIcon(name: string): void {
  extraIcons.delete(name);
}

/**
 * Finds an icon by name: `name` (a registered SVG icon) or `alias:glyph` (a font icon).
 * Throws {@link IconError} `invalid_name` for more than one colon, `not_found` for unknown names.
 */
export function resolveIcon(name: string, basePath: string): IconSource {
  const parts = name.split(':');
  if (parts.length > 2) throw new IconError('invalid_name', `Invalid icon name: "${name}".`);
  const [first = '', glyph] = parts;
  if (glyph !== undefined) {
    const prefix = FONT_ICON_ALIASES[first];
    if (prefix === undefined || !/^[a-z0-9-]+$/.test(glyph)) {
      throw new IconError('not_found', `Unable to find icon with the name "${name}".`);
    }
    return { kind: 'font', className: `${prefix} ${prefix}-${glyph}` };
  }
  const url =
    extraIcons.get(first) ??
    ((CUSTOM_ICON_NAMES as readonly string[]).includes(first)
      ? iconUrl(basePath, first)
      : undefined);
  if (url === undefined)
    throw new IconError('not_found', `Unable to find icon with the name "${name}".`);
  return { kind: 'svg', url };
}
