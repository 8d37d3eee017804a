import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = import.meta.dirname;
const sources = readdirSync(folder).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('the frame protocol module', () => {
  // The search clients bundle this folder: anything it imports (zod, the rest of the package)
  // would land in every client page.
  it.each(sources)('%s imports nothing from outside its folder', (name) => {
    const code = readFileSync(join(folder, name), 'utf8');
    const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(
      (match) => match[1],
    );
    expect(specifiers.filter((specifier) => !/^\.\/[\w.-]+$/.test(specifier ?? ''))).toEqual([]);
  });

  it('covers every source file of the folder', () => {
    expect(sources).toEqual(
      expect.arrayContaining(['index.ts', 'frameMessages.ts', 'connectToPortal.ts']),
    );
  });
});
