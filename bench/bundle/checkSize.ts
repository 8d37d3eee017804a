// `npm run check:size`: prints the gzipped first-load JavaScript of each browser entry against
// its budget and exits 1 when one is over (or not built). Run after `npm run build`.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets, formatBudgetResult } from './budgets';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const results = checkBudgets(root);
console.log('bundle budgets (first-load JavaScript, gzipped)');
for (const result of results) console.log(formatBudgetResult(result));
if (results.some((result) => !result.ok)) {
  console.error('bundle budget check failed');
  process.exitCode = 1;
}
