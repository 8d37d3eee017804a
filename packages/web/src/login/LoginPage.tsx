import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePortal } from '../data/PortalContext';
import { iconUrl } from '../icons/iconRegistry';
import { Footer } from '../shell/Footer';
import { useSignInErrorMessage } from './signInErrors';
import { signInUrls } from './signInUrls';
import { Spinner } from './Spinner';
import { useSignInProgress } from './useSignInProgress';
import './login.css';

/** Text shown beside the spinner while the sign-in redirect runs (trailing space included). */
export const SIGNING_IN_TEXT = 'Signing in, please wait... ';

/** The sign-in page (SPEC.md section 2): single sign-on button, employee link, spinner state. */
export function LoginPage() {
  const { bootstrap } = usePortal();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const urls = signInUrls(bootstrap.basePath, params.get('redirectPath'), location.hash);
  const errorMessage = useSignInErrorMessage(params.get('error'));
  const { signingIn, startSignIn } = useSignInProgress(urls.sso, bootstrap.supportSiteHost);
  const button = useRef<HTMLButtonElement>(null);
  const wasSigningIn = useRef(signingIn);
  // The button that had focus was replaced by the spinner; when it comes back, so does focus.
  useEffect(() => {
    if (wasSigningIn.current && !signingIn) button.current?.focus();
    wasSigningIn.current = signingIn;
  }, [signingIn]);

  return (
    <div className="login-page">
      <main className="login-main">
        <section className="login-card" aria-labelledby="login-title">
          <img
            className="login-logo"
            src={iconUrl(bootstrap.basePath, 'logo')}
            alt=""
            width="56"
            height="56"
          />
          <h1 id="login-title" className="login-title">
            {bootstrap.productName}
          </h1>
          <p className="login-lead">
            Sign in to read product guides, release notes and technical references.
          </p>
          {errorMessage !== null && (
            <div role="alert" className="login-error">
              {errorMessage}
            </div>
          )}
          <div className="login-action">
            {signingIn ? (
              <div role="status" className="login-signing-in">
                <Spinner />
                <span>{SIGNING_IN_TEXT}</span>
              </div>
            ) : (
              <button
                ref={button}
                type="button"
                className="button button-primary login-button"
                onClick={() => startSignIn(urls.sso)}
              >
                Click to sign in
              </button>
            )}
          </div>
          <p className="login-employee">
            <a href={urls.employee}>Employee sign-in</a>
          </p>
        </section>
      </main>
      <Footer />
    </div>
  );
}
