/** The portal bar's styles, inside its shadow root so that no generator's skin reaches them. */
export const BAR_STYLE = `
:host{all:initial;display:block;position:relative;z-index:2147483000}
nav{box-sizing:border-box;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;min-height:44px;padding:6px 16px;background:#14213d;color:#fff;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a,button{font:inherit}
.home{display:inline-flex;align-items:center;gap:8px;color:#fff;text-decoration:none;font-weight:600;white-space:nowrap}
.home svg{width:20px;height:20px;flex:0 0 auto}
.back{color:#cfe2ff;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:40ch}
.spacer{flex:1 1 0}
.search{display:inline-flex;align-items:center;gap:10px;min-width:220px;padding:5px 8px 5px 10px;border:1px solid #8da2c0;border-radius:6px;background:#fff;color:#424a53;cursor:pointer;text-align:left}
.search span{flex:1 1 auto}
kbd{padding:0 4px;border:1px solid #afb8c1;border-radius:4px;background:#f6f8fa;color:#1f2328;font:12px/1.5 ui-monospace,monospace}
.hide{border:1px solid #8da2c0;border-radius:6px;background:transparent;color:#fff;padding:5px 10px;cursor:pointer;white-space:nowrap}
:focus-visible{outline:3px solid #ffd33d;outline-offset:2px}
@media (max-width:599px){.search{min-width:0;flex:1 1 100%}.search kbd{display:none}.spacer{display:none}}
`;
