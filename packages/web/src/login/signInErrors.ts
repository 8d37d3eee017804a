import { useEffect, useState } from 'react';

/**
 * The message for a sign-in error code from the server (`login?error=<code>`): the text of
 * `SIGN_IN_ERRORS` in @docs-portal/contracts, the generic `sign_in_failed` one for unknown codes.
 * The catalogue is loaded on demand: it lives beside the zod schemas, kept off the first load.
 */
export async function signInErrorMessage(code: string): Promise<string> {
  const { SIGN_IN_ERRORS } = await import('@docs-portal/contracts');
  const messages: Readonly<Record<string, string>> = SIGN_IN_ERRORS;
  return (
    (Object.hasOwn(messages, code) ? messages[code] : undefined) ?? SIGN_IN_ERRORS.sign_in_failed
  );
}

/** The message to show for `code` (null while there is none or it is loading). */
export function useSignInErrorMessage(code: string | null): string | null {
  const [shown, setShown] = useState<{ code: string; message: string } | null>(null);
  useEffect(() => {
    if (code === null) return;
    let live = true;
    signInErrorMessage(code).then(
      (message) => live && setShown({ code, message }),
      (error: unknown) => console.error('Could not load the sign-in error messages.', error),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return shown && shown.code === code ? shown.message : null;
}
