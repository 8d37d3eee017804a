import { createHash } from 'node:crypto';
import { escapeHtml } from '@docs-portal/contracts/safety';
import { themeCss } from '@docs-portal/contracts/theme';

/** What the sign-out confirmation page shows. */
export interface SignOutPageInput {
  /** The portal's base path: the page posts to `{basePath}/logout` and links back to the app. */
  basePath: string;
  /** The documentation site's name (config brand). */
  productName: string;
  /** The vendor's name, for the footer. */
  companyName: string;
  /** The signed-in reader's display name. */
  displayName: string;
  /** The footer's copyright year. */
  year: number;
}

/** The answer of `POST {basePath}/logout`: where the browser goes next. */
export interface SignOutAnswer {
  /** The identity provider's end-session address, or the portal's sign-in page. */
  location: string;
}

const STYLE = `
${themeCss()}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:var(--color-ink);line-height:1.5;background:linear-gradient(160deg,var(--color-brand) 0%,var(--color-brand-soft) 100%)}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:2rem 1rem 3rem}
.card{width:100%;max-width:420px;padding:2.5rem 2rem 2rem;border-radius:12px;text-align:center;background:var(--color-surface);box-shadow:0 12px 40px rgb(0 0 0 / 25%)}
h1{margin:0 0 .5rem;font-size:1.625rem;line-height:1.25}
p{margin:.5rem 0;color:var(--color-ink-muted)}
.error{margin-top:1rem;padding:.75rem 1rem;border-left:4px solid var(--color-danger);border-radius:4px;text-align:left;color:var(--color-danger);background:var(--color-danger-soft)}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:center;margin-top:1.5rem}
button{min-height:40px;padding:.5rem 1.5rem;font:inherit;font-weight:600;color:var(--color-on-accent);background:var(--color-accent);border:0;border-radius:8px;cursor:pointer}
button:hover{background:var(--color-accent-hover)}
button:disabled{opacity:.6;cursor:progress}
a{color:var(--color-accent)}
a:focus-visible,button:focus-visible{outline:3px solid var(--color-focus-on-brand);outline-offset:2px}
footer{height:30px;display:flex;align-items:center;justify-content:center;font-size:.8125rem;color:var(--color-on-brand-muted)}
`;

// Without JavaScript the page can only explain: the sign-out POST needs the X-XSRF-TOKEN header.
const SCRIPT = `(function () {
  var button = document.getElementById('sign-out');
  var failed = document.getElementById('sign-out-failed');
  button.hidden = false;
  button.addEventListener('click', function () {
    var token = /(?:^|;\\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    button.disabled = true;
    failed.hidden = true;
    fetch(button.getAttribute('data-action'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-XSRF-TOKEN': token ? decodeURIComponent(token[1]) : '' },
    })
      .then(function (response) {
        if (!response.ok) throw new Error('sign-out refused: ' + response.status);
        return response.json();
      })
      .then(function (answer) {
        window.location.assign(answer.location);
      })
      .catch(function () {
        button.disabled = false;
        failed.hidden = false;
      });
  });
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Content-Security-Policy of the sign-out page: its own inline script and style (by hash), calls
 * to the portal only, and no framing at all (a framed page could trick a click on its button).
 */
export const SIGN_OUT_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The "Sign out?" page answered to a Logout link followed from another site: the reader confirms
 * with a button whose small script posts to `{basePath}/logout` with the X-XSRF-TOKEN header (the
 * portal's ordinary XSRF check), then follows the answer's `location`. Every text from config or
 * the reader's claims is escaped.
 */
export function renderSignOutPage(input: SignOutPageInput): string {
  const product = escapeHtml(input.productName);
  const base = escapeHtml(input.basePath);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? · ${product}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section class="card" aria-labelledby="sign-out-title">
<h1 id="sign-out-title">Sign out?</h1>
<p>You are signed in to ${product} as <strong>${escapeHtml(input.displayName)}</strong>.</p>
<p>This sign-out link did not come from a page of the portal. Sign out only if you meant to.</p>
<p id="sign-out-failed" class="error" role="alert" hidden>Signing out did not work. Reload this page and try again.</p>
<noscript><p class="error">Signing out from this page needs JavaScript. Closing the browser also ends your sign-in on this device.</p></noscript>
<div class="actions">
<button type="button" id="sign-out" data-action="${base}/logout" hidden>Sign out</button>
<a href="${base}/ui/">Stay signed in</a>
</div>
</section>
</main>
<footer>© ${input.year} ${escapeHtml(input.companyName)} Inc. All Rights Reserved.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
