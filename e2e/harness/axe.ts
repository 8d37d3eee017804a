import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The axe-core rule tags checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One axe-core rule broken on a page, reduced to what a failing assertion should show. */
export interface AxeViolation {
  /** The rule id (`color-contrast`, `label`...). */
  id: string;
  /** How much it hurts readers: minor, moderate, serious or critical. */
  impact: string | null;
  /** What the rule asks for. */
  help: string;
  /** CSS selectors of the offending elements (a frame's selector path joined with ` >> `). */
  targets: string[];
}

let axeSource: string | undefined;

/** The text of axe.min.js from the e2e package's axe-core. */
function readAxeSource(): string {
  if (axeSource === undefined) {
    const require = createRequire(import.meta.url);
    const main = require.resolve('axe-core');
    axeSource = readFileSync(path.join(path.dirname(main), 'axe.min.js'), 'utf8');
  }
  return axeSource;
}

/** The result of `axe.run` in the page, as far as {@link checkAccessibility} reads it. */
interface RawViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core on the page as it is now, frames included, with the WCAG 2.0/2.1 A and AA rules,
 * and returns the violations (an empty list when the page passes), so a test can write
 * `expect(await checkAccessibility(page)).toEqual([])` and read a plain diff when it fails.
 *
 * axe is evaluated into every frame through the DevTools protocol rather than added as a
 * `<script>` element: the portal's Content-Security-Policy forbids inline scripts, and the test
 * must check the pages exactly as readers get them.
 */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  const source = readAxeSource();
  for (const frame of page.frames()) {
    await frame.evaluate(source);
  }
  const violations = await page.evaluate(async (tags) => {
    // axe is a global the evaluated source defined; the page's types do not know it.
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: true,
    })) as { violations: RawViolation[] };
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.flat(3).map(String).join(' >> ')),
    }));
  }, WCAG_AA_TAGS);
  return violations;
}
