import { useEffect, useMemo, useRef, useState } from 'react';
import { usePortal } from '../data/PortalContext';
import { IconError } from './IconError';
import { loadSvgIcon } from './iconLoader';
import { resolveIcon, type IconSource } from './iconRegistry';
import './icon.css';

/** Default icon size in px (SPEC.md section 9). */
export const DEFAULT_ICON_SIZE = 24;

/** Properties of {@link Icon}. */
export interface IconProps {
  /** `name` of a registered SVG icon, or `fontawesome:<glyph>`. */
  name: string;
  /** Width and height in px (default 24). */
  size?: number;
  /** Accessible name; without it the icon is decorative (hidden from assistive technology). */
  label?: string;
  /** Called when the icon cannot be drawn (it then renders nothing). */
  onError?: (error: IconError) => void;
}

type Resolution = { source: IconSource } | { error: IconError };

function resolve(name: string, basePath: string): Resolution {
  try {
    return { source: resolveIcon(name, basePath) };
  } catch (error) {
    return {
      error: error instanceof IconError ? error : new IconError('invalid_name', String(error)),
    };
  }
}

/**
 * Draws an icon from the registry: SVG icons are fetched, sanitised and cached; font icons are an
 * `<i>` element. Failures are reported (console and `onError`) and draw nothing.
 */
export function Icon({ name, size = DEFAULT_ICON_SIZE, label, onError }: IconProps) {
  const { bootstrap } = usePortal();
  const resolution = useMemo(() => resolve(name, bootstrap.basePath), [name, bootstrap.basePath]);
  const [loaded, setLoaded] = useState<{ url: string; svg: string } | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    const report = (error: IconError) => {
      console.error(error);
      onErrorRef.current?.(error);
    };
    if ('error' in resolution) {
      report(resolution.error);
      return;
    }
    if (resolution.source.kind !== 'svg') return;
    const svgUrl = resolution.source.url;
    let live = true;
    loadSvgIcon(svgUrl).then(
      (svg) => live && setLoaded({ url: svgUrl, svg }),
      (error: unknown) => {
        if (!live) return;
        setFailedUrl(svgUrl);
        report(error instanceof IconError ? error : new IconError('not_found', String(error)));
      },
    );
    return () => {
      live = false;
    };
  }, [resolution]);

  if ('error' in resolution) return null;
  const svgUrl = resolution.source.kind === 'svg' ? resolution.source.url : null;
  if (svgUrl !== null && failedUrl === svgUrl) return null;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const style = { width: size, height: size, fontSize: size };
  if (resolution.source.kind === 'font') {
    return <i className={`portal-icon ${resolution.source.className}`} style={style} {...a11y} />;
  }
  const svg = loaded && loaded.url === svgUrl ? loaded.svg : '';
  return (
    <span
      className="portal-icon"
      style={style}
      {...a11y}
      data-icon={name}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
