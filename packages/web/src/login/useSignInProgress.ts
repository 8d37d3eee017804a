import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from '../portal/browser';
import { isSupportSiteReferrer } from './supportSiteReferrer';

/** How long the "signing in" state lasts at most, in ms (SPEC.md section 9). */
export const SIGN_IN_SPINNER_TIMEOUT_MS = 15000;

/** The top-level page's referrer (the login page may itself be framed). */
function topLevelReferrer(): string {
  try {
    return window.top?.document.referrer ?? document.referrer;
  } catch {
    // A cross-origin top window cannot be read; our own referrer is the best we have.
    return document.referrer;
  }
}

/**
 * True when the visitor arrives from the vendor's support site: the top-level referrer's host is
 * the support host or a subdomain of it (see {@link isSupportSiteReferrer}).
 */
export function comesFromSupportSite(supportSiteHost: string): boolean {
  return isSupportSiteReferrer(topLevelReferrer(), supportSiteHost);
}

/** The login page's sign-in state. */
export interface SignInProgress {
  /** True while a sign-in redirect is in progress (the spinner replaces the button). */
  signingIn: boolean;
  /** Shows the spinner and sends the browser to `url`. */
  startSignIn(url: string): void;
}

/**
 * The two display states of the login page (SPEC.md section 4). A visitor from the support site
 * is signed in at once: the spinner shows and the browser goes to `ssoUrl`. The spinner is
 * switched off after {@link SIGN_IN_SPINNER_TIMEOUT_MS} and when the page is left.
 */
export function useSignInProgress(ssoUrl: string, supportSiteHost: string): SignInProgress {
  const [autoSignIn] = useState(() => comesFromSupportSite(supportSiteHost));
  const [signingIn, setSigningIn] = useState(autoSignIn);
  const autoStarted = useRef(false);

  useEffect(() => {
    if (!autoSignIn || autoStarted.current) return;
    autoStarted.current = true;
    browser.assign(ssoUrl);
  }, [autoSignIn, ssoUrl]);

  useEffect(() => {
    if (!signingIn) return;
    const timer = window.setTimeout(() => setSigningIn(false), SIGN_IN_SPINNER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [signingIn]);

  useEffect(() => {
    const onLeave = () => setSigningIn(false);
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, []);

  const startSignIn = useCallback((url: string) => {
    setSigningIn(true);
    browser.assign(url);
  }, []);

  return { signingIn, startSignIn };
}
