/** Why an icon could not be drawn (SPEC.md section 8). */
export type IconErrorCode = 'not_found' | 'untrusted_url' | 'invalid_name' | 'invalid_svg';

/** An icon failure: reported to the console and to the icon's `onError`, never thrown at the page. */
export class IconError extends Error {
  /** Which failure it is. */
  readonly code: IconErrorCode;

  constructor(code: IconErrorCode, message: string) {
    super(message);
    this.name = 'IconError';
    this.code = code;
  }
}
