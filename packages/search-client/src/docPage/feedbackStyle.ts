import { themeCss } from '@docs-portal/contracts/theme';

/** Styles of the feedback control, inside its shadow root (no skin reaches them). */
export const FEEDBACK_STYLE = `
:host{all:initial;display:block}
${themeCss(':host')}
section{box-sizing:border-box;max-width:60rem;margin:32px auto 16px;padding:12px 16px;border:1px solid var(--color-line);border-radius:8px;background:var(--color-surface);color:var(--color-ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
p{margin:0}
.ask{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px}
button,textarea{font:inherit;color:inherit}
button{min-height:36px;min-width:64px;padding:4px 14px;border:1px solid var(--color-line-strong);border-radius:6px;background:var(--color-canvas);cursor:pointer}
button:hover{border-color:var(--color-accent)}
.send{border-color:var(--color-accent);background:var(--color-accent);color:var(--color-on-accent);font-weight:600}
fieldset{margin:12px 0 0;padding:0;border:0}
legend{padding:0;font-weight:600}
label{display:flex;align-items:center;gap:8px;margin:6px 0}
input{width:18px;height:18px;margin:0;accent-color:var(--color-accent)}
.c{flex-direction:column;align-items:stretch;margin-top:12px}
textarea{box-sizing:border-box;width:100%;min-height:72px;padding:6px 8px;border:1px solid var(--color-line-strong);border-radius:6px;background:var(--color-canvas)}
[role=status]:not(:empty){margin-top:8px;font-weight:600}
.err{color:var(--color-danger)}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
[hidden]{display:none}
`;
