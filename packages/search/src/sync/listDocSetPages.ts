import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const PAGE_FILE = /\.(?:html?|xhtml)$/i;
/** Flare output folders that never hold topics (at the doc-set root). */
const ROOT_SKIP = new Set(['data', 'skins', 'resources']);

function skipFolder(name: string, depth: number): boolean {
  const lower = name.toLowerCase();
  if (name.startsWith('.') || name.startsWith('_')) return true;
  if (lower === 'resources') return true;
  return depth === 0 && ROOT_SKIP.has(lower);
}

/**
 * Paths (leading slash, forward slashes, sorted) of the HTML pages of a doc set. Leaves out
 * Flare's `Data/`, `Skins/` and `Resources/` folders, hidden and underscore folders (Sphinx's
 * `_static`, `_sources`) and symbolic links, which could lead outside the doc set.
 */
export async function listDocSetPages(folder: string): Promise<string[]> {
  const pages: string[] = [];
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!skipFolder(entry.name, depth))
          await walk(join(dir, entry.name), `${prefix}/${entry.name}`, depth + 1);
      } else if (entry.isFile() && PAGE_FILE.test(entry.name)) {
        pages.push(`${prefix}/${entry.name}`);
      }
    }
  };
  await walk(folder, '', 0);
  return pages.sort();
}
