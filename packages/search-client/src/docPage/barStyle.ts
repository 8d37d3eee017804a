import { themeCss } from '@docs-portal/contracts/theme';

/**
 * The portal bar's styles, inside its shadow root so that no generator's skin reaches them. The
 * colour tokens are defined on the host (after `all:initial`, which would reset `color-scheme`).
 */
export const BAR_STYLE = `
:host{all:initial;display:block;position:relative;z-index:2147483000}
${themeCss(':host')}
nav{box-sizing:border-box;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;min-height:44px;padding:6px 16px;background:var(--color-brand);color:var(--color-on-brand);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a,button{font:inherit}
.home{display:inline-flex;align-items:center;gap:8px;color:var(--color-on-brand);text-decoration:none;font-weight:600;white-space:nowrap}
.home svg{width:20px;height:20px;flex:0 0 auto}
.back{color:var(--color-on-brand-muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:40ch}
.spacer{flex:1 1 0}
.search{display:inline-flex;align-items:center;gap:10px;min-width:220px;padding:5px 8px 5px 10px;border:1px solid var(--color-on-brand-muted);border-radius:6px;background:var(--color-surface);color:var(--color-ink-muted);cursor:pointer;text-align:left}
.search span{flex:1 1 auto}
kbd{padding:0 4px;border:1px solid var(--color-line-strong);border-radius:4px;background:var(--color-canvas);color:var(--color-ink);font:12px/1.5 ui-monospace,monospace}
.hide{border:1px solid var(--color-on-brand-muted);border-radius:6px;background:transparent;color:var(--color-on-brand);padding:5px 10px;cursor:pointer;white-space:nowrap}
:focus-visible{outline:3px solid var(--color-focus-on-brand);outline-offset:2px}
@media (max-width:599px){.search{min-width:0;flex:1 1 100%}.search kbd{display:none}.spacer{display:none}}
`;
