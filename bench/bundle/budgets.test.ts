import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudgets, formatBudgetResult, type BundleBudget } from './budgets';

/** Random bytes as a string literal: gzip cannot shrink them, so sizes are predictable. */
function incompressibleScript(bytes: number, imports = ''): string {
  return `${imports}export const data = "${randomBytes(bytes).toString('base64')}";\n`;
}

/** A fake build: a page loading main.js, which imports shared.js and lazily loads lazy.js. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'budget-'));
  const assets = path.join(root, 'dist/assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(
    path.join(root, 'dist/index.html'),
    '<!doctype html><script type="module" src="./assets/main.js"></script>' +
      '<link rel="stylesheet" href="./assets/style.css">',
  );
  writeFileSync(
    path.join(assets, 'main.js'),
    incompressibleScript(3_000, 'import { x } from "./shared.js";\nimport("./lazy.js");\n'),
  );
  writeFileSync(path.join(assets, 'shared.js'), incompressibleScript(3_000));
  writeFileSync(path.join(assets, 'lazy.js'), incompressibleScript(50_000));
  writeFileSync(path.join(assets, 'style.css'), incompressibleScript(50_000));
  return root;
}

const page = (maxGzipBytes: number): BundleBudget => ({
  label: 'fake page',
  entry: 'dist/index.html',
  maxGzipBytes,
});

describe('checkBudgets', () => {
  it('fails an entry whose first-load JavaScript is over its budget', () => {
    const [result] = checkBudgets(fakeBuild(), [page(5_000)]);
    expect(result?.ok).toBe(false);
    expect(result?.gzip).toBeGreaterThan(5_000);
    expect(formatBudgetResult(result!)).toMatch(/OVER by \d+\.\d kB/);
  });

  it('passes it within budget, counting static imports but not import() or style sheets', () => {
    const [result] = checkBudgets(fakeBuild(), [page(20_000)]);
    expect(result?.ok).toBe(true);
    expect(result?.files).toEqual(['dist/assets/main.js', 'dist/assets/shared.js']);
    expect(result?.gzip).toBeLessThan(20_000);
    expect(formatBudgetResult(result!)).toMatch(/within$/);
  });

  it('fails an entry that was not built', () => {
    const [result] = checkBudgets(fakeBuild(), [{ ...page(90_000), entry: 'dist/missing.html' }]);
    expect(result).toMatchObject({ built: false, ok: false });
    expect(formatBudgetResult(result!)).toContain('run npm run build');
  });
});
