import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const probes: string[] = [];

afterEach(() => {
  for (const probe of probes.splice(0)) rmSync(probe, { force: true });
});

/**
 * Lints `code` with the repository's config as the file `name` in `folder`. The file is written
 * for the run (and removed after it) because the type-aware rules only see files on disk.
 */
async function lint(
  folder: string,
  name: string,
  code: string,
): Promise<Array<[number, string | null]>> {
  const file = path.join(root, folder, `lintProbe${process.pid}${name}`);
  probes.push(file);
  writeFileSync(file, code);
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).map((message) => [message.line, message.ruleId]);
}

describe('the repository lint rules', () => {
  it('refuse imports into another package by relative path or by its src/ or test/', async () => {
    const messages = await lint(
      'e2e/tests',
      '.ts',
      [
        "import { freePort } from '../../packages/server/test/portalHarness';",
        "import { PortalConfigSchema } from '@docs-portal/server/src/config/schema';",
        "import { startNginx } from '../../scripts/cluster/nginx';",
        "import { BrowserlikeClient } from '@docs-portal/server/testing';",
        "import { writeClusterConfig } from '@docs-portal/scripts/cluster';",
        'export const used = [freePort, PortalConfigSchema, startNginx];',
        'export const allowed = [BrowserlikeClient, writeClusterConfig];',
      ].join('\n'),
    );
    expect(messages).toEqual([
      [1, 'import-x/no-relative-packages'],
      [2, 'no-restricted-imports'],
      [3, 'import-x/no-relative-packages'],
    ]);
  });

  it('allow relative imports inside one package', async () => {
    const messages = await lint(
      'packages/server/src/content',
      '.ts',
      "import { testConfig } from '../../test/portalHarness';\nexport const used = testConfig;\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuse a floating promise and a promise where a callback returns nothing', async () => {
    const messages = await lint(
      'packages/server/src',
      '.ts',
      [
        'async function save(): Promise<void> {}',
        'save();',
        '[1].forEach(async () => save());',
        'void save().catch(() => undefined);',
      ].join('\n'),
    );
    expect(messages).toEqual([
      [2, '@typescript-eslint/no-floating-promises'],
      [3, '@typescript-eslint/no-misused-promises'],
    ]);
  });
});
