import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folder of the hand-written fixture doc sets. */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Bytes of a fixture file, by path relative to the fixtures folder. */
export function fixture(path: string): Buffer {
  return readFileSync(`${FIXTURES}${path}`);
}
