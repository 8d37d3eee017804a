import { existsSync, writeFileSync } from 'node:fs';

/**
 * The hand-over of a bench to the callgrind driver around the part it measures (see the header
 * of extractCost.ts): writes `dir/name`, then waits for the driver to write `dir/answer`. Does
 * nothing without a folder (`--markers` not given).
 */
export async function handOver(dir: string | undefined, name: string, answer: string) {
  if (dir === undefined) return;
  writeFileSync(`${dir}/${name}`, '');
  while (!existsSync(`${dir}/${answer}`)) await new Promise((done) => setTimeout(done, 200));
}
