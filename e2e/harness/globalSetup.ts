import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startPortalProcess, type PortalProcess } from './startPortalProcess';

let portal: PortalProcess | undefined;

/** Starts one portal for the browser tests that use the default configuration. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  portal = await startPortalProcess();
  project.provide('portalOrigin', portal.origin);
  return async () => {
    await portal?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    portalOrigin: string;
  }
}
