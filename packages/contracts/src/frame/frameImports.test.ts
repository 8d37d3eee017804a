import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = import.meta.dirname;
const safetyFolder = join(folder, '../safety');
const sourcesOf = (dir: string) =>
  readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const sources = sourcesOf(folder);

function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('the frame protocol module', () => {
  // The search clients bundle this folder: anything it imports (zod, the rest of the package)
  // would land in every client page. The zod-free safety folder is the one neighbour allowed.
  it.each(sources)('%s imports nothing from outside its folder but ../safety', (name) => {
    const outside = importsOf(join(folder, name)).filter(
      (specifier) => !/^\.\/[\w.-]+$/.test(specifier) && !/^\.\.\/safety\/[\w.-]+$/.test(specifier),
    );
    expect(outside).toEqual([]);
  });

  it.each(sourcesOf(safetyFolder))('safety/%s imports nothing from outside its folder', (name) => {
    const outside = importsOf(join(safetyFolder, name)).filter(
      (specifier) => !/^\.\/[\w.-]+$/.test(specifier),
    );
    expect(outside).toEqual([]);
  });

  it('covers every source file of the folder', () => {
    expect(sources).toEqual(
      expect.arrayContaining(['index.ts', 'frameMessages.ts', 'connectToPortal.ts']),
    );
  });
});
