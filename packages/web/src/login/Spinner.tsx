/** Diameter of the sign-in spinner in px (SPEC.md section 9; the library default was 100). */
export const SPINNER_DIAMETER = 20;

/** An indeterminate progress ring; decorative, so the text beside it must say what is going on. */
export function Spinner({ diameter = SPINNER_DIAMETER }: { diameter?: number }) {
  return (
    <svg
      className="spinner"
      width={diameter}
      height={diameter}
      viewBox="0 0 50 50"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="spinner-track" cx="25" cy="25" r="20" />
      <circle className="spinner-arc" cx="25" cy="25" r="20" />
    </svg>
  );
}
