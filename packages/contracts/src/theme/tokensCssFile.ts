import { themeCss } from './tokens';

/** The exact text of the generated tokens.css: a do-not-edit header and the `:root` block. */
export function tokensCssFile(): string {
  return (
    '/* Generated from packages/contracts/src/theme/tokens.ts by writeTokensCss.ts: do not edit. */\n' +
    themeCss() +
    '\n'
  );
}
