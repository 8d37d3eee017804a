/*
 * Writes tokens.css, the stylesheet form of themeCss() that the Vite-built bundles (web app,
 * search clients) import as a CSS file rather than carrying it in JavaScript:
 * `npx tsx packages/contracts/src/theme/writeTokensCss.ts`. tokens.test.ts fails when the file
 * and tokens.ts disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tokensCssFile } from './tokensCssFile';

writeFileSync(fileURLToPath(new URL('./tokens.css', import.meta.url)), tokensCssFile());
