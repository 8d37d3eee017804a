import { escapeHtml } from '@docs-portal/contracts';
import { themeCss } from '@docs-portal/contracts/theme';

const STYLE = `${themeCss()}
body{font:16px/1.5 system-ui,sans-serif;background:var(--color-canvas);color:var(--color-ink);margin:0}
main{max-width:360px;margin:10vh auto;background:var(--color-surface);padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgb(0 0 0 / 13%)}
h1{font-size:1.25rem;margin:0 0 .25rem}p.hint{color:var(--color-ink-muted);font-size:.875rem}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit;color:var(--color-ink);background:var(--color-surface);border:1px solid var(--color-line-strong);border-radius:4px}
button{margin-top:1.5rem;width:100%;padding:.6rem;font:inherit;font-weight:600;color:var(--color-on-accent);background:var(--color-accent);border:0;border-radius:4px;cursor:pointer}
.error{color:var(--color-danger);background:var(--color-danger-soft);padding:.5rem;border-radius:4px}`;

/** The plain username/password form of the development identity provider. */
export function renderLoginPage(options: {
  action: string;
  audienceLabel: string;
  demoUsernames: string[];
  error?: string;
}): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title><style>${STYLE}</style></head>
<body><main>
<h1>Development sign-in</h1>
<p class="hint">${escapeHtml(options.audienceLabel)}. Demo users: ${options.demoUsernames.map(escapeHtml).join(', ')} (password <code>demo</code>).</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}
