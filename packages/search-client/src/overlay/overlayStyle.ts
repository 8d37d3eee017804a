import { themeCss } from '@docs-portal/contracts/theme';

/** The overlay's styles, inside its shadow root so that no page's skin reaches them. */
export const OVERLAY_STYLE = `
${themeCss(':host')}
dialog{box-sizing:border-box;width:min(760px,calc(100vw - 16px));height:min(640px,calc(100dvh - 16px));max-width:none;max-height:none;margin:8px auto;padding:0;border:0;border-radius:10px;background:var(--color-surface);color:var(--color-ink);box-shadow:0 16px 48px rgba(0,0,0,.35);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
dialog[open]{display:flex;flex-direction:column}
@media (min-width:700px){dialog{margin-top:8vh;height:min(640px,84vh)}}
dialog::backdrop{background:var(--color-backdrop)}
.frame{flex:1 1 auto;min-height:0;display:flex}
iframe{flex:1 1 auto;width:100%;border:0;border-radius:10px 10px 0 0;background:var(--color-surface)}
.recent{flex:0 0 auto;padding:4px 16px 12px;border-top:1px solid var(--color-line);max-height:45%;overflow:auto}
.recent[hidden]{display:none}
.recent-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
h2{margin:8px 0;font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--color-ink-muted)}
ul{list-style:none;margin:0;padding:0}
li{margin:2px 0}
button,a{font:inherit}
.recent-item{display:block;width:100%;text-align:left;padding:8px 10px;border:0;border-radius:6px;background:var(--color-canvas);color:var(--color-ink);cursor:pointer}
.recent-item:hover{background:var(--color-accent-soft)}
.link-button{border:0;background:none;color:var(--color-accent);text-decoration:underline;cursor:pointer;padding:4px}
footer{flex:0 0 auto;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;padding:8px 16px;border-top:1px solid var(--color-line);background:var(--color-canvas);border-radius:0 0 10px 10px;font-size:13px;color:var(--color-ink-muted)}
.keys{margin:0}
kbd{display:inline-block;min-width:1.2em;padding:0 4px;border:1px solid var(--color-line-strong);border-bottom-width:2px;border-radius:4px;background:var(--color-surface);color:var(--color-ink);font:12px/1.5 ui-monospace,monospace;text-align:center}
.actions{display:flex;gap:12px;align-items:center}
.all{color:var(--color-accent)}
.all[hidden]{display:none}
.close{border:1px solid var(--color-line-strong);border-radius:6px;background:var(--color-surface);color:var(--color-ink);padding:4px 10px;cursor:pointer}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
@media (max-width:699px){.keys{display:none}}
`;
