import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How a worker module is bundled. */
export interface BundleOptions {
  /**
   * Packages left out of the bundle and loaded from where this package resolves them: native
   * addons (better-sqlite3 finds its binary from its own path) and packages with optional
   * native parts (pg).
   */
  external?: readonly string[];
}

/** Bundled worker code, by worker module: bundled once per process. */
const bundles = new Map<string, Promise<string>>();

/**
 * The code a worker thread starts with. Run from TypeScript sources (tests, `node --import tsx`,
 * the portal itself), the worker module and everything it imports are bundled into one script
 * by esbuild, once per process: a worker that registered tsx's loader to import the sources
 * took 0.3–0.5 s of CPU to start, each time, against about 40 ms for the script. The bundle is
 * kept on disk for the next process (see {@link bundleCacheFile}). Should bundling fail, the
 * worker registers tsx's loader instead (tsx registers itself in the main thread only).
 */
export function workerSource(file: URL, options: BundleOptions = {}): Promise<string> {
  const entry = JSON.stringify(file.href);
  if (!file.pathname.endsWith('.ts')) return Promise.resolve(`import(${entry});`);
  let bundle = bundles.get(file.href);
  if (bundle === undefined) {
    bundle = bundleWorker(file, bundleCacheFile(file), options).catch(() => {
      // The ESM build of tsx's API (require.resolve finds its CommonJS twin).
      const api = createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs');
      const loader = JSON.stringify(pathToFileURL(api).href);
      return `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
    });
    bundles.set(file.href, bundle);
  }
  return bundle;
}

/** Folder the bundle's input paths are relative to. */
const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where the last bundle of a worker module is kept, with the SHA-256 of every file it was built
 * from, so that a process uses it only while none of them changed (bundling costs about 100 ms
 * and starts esbuild's service). It lives in the package's own node_modules, writable only by
 * who installed it; one file per worker module.
 */
export function bundleCacheFile(file: URL): string {
  const name = basename(fileURLToPath(file), extname(fileURLToPath(file)));
  return resolve(PACKAGE_ROOT, 'node_modules/.cache/docs-portal', `${name}.json`);
}

interface CachedBundle {
  /** What else decides the bundle: esbuild's version, the target, the entry module. */
  key: string;
  /** SHA-256 (base64) of each input file, by path relative to {@link PACKAGE_ROOT}. */
  inputs: Record<string, string>;
  code: string;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('base64');

/** The cached bundle for `key` when every file it holds is unchanged, else undefined. */
function cachedBundle(key: string, cacheFile: string): string | undefined {
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as CachedBundle;
    if (cached.key !== key || typeof cached.code !== 'string') return undefined;
    for (const [path, hash] of Object.entries(cached.inputs)) {
      if (sha256(readFileSync(resolve(PACKAGE_ROOT, path))) !== hash) return undefined;
    }
    return cached.code;
  } catch {
    return undefined;
  }
}

/** Keeps a bundle for the next process; a cache that cannot be written is only slower. */
function keepBundle(bundle: CachedBundle, cacheFile: string): void {
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Written whole, then renamed: a process reading at the same time sees old or new.
    const part = `${cacheFile}.${process.pid}.${Date.now()}`;
    writeFileSync(part, JSON.stringify(bundle));
    renameSync(part, cacheFile);
  } catch {
    // Read-only installation: every process bundles.
  }
}

/** The worker module `file` bundled into one script, from `cacheFile` when it is still current. */
export async function bundleWorker(
  file: URL,
  cacheFile = bundleCacheFile(file),
  options: BundleOptions = {},
): Promise<string> {
  const { build, version } = await import('esbuild');
  const target = `node${process.versions.node.split('.')[0]}`;
  const require = createRequire(import.meta.url);
  // Absolute entry points of the external packages: the eval'd bundle has no folder to
  // resolve bare names from.
  const externals = new Map((options.external ?? []).map((name) => [name, require.resolve(name)]));
  const key = JSON.stringify([version, target, fileURLToPath(file), [...externals]]);
  const cached = cachedBundle(key, cacheFile);
  if (cached !== undefined) return cached;
  const result = await build({
    entryPoints: [fileURLToPath(file)],
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'absolute-externals',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, (args) => {
            const path = externals.get(args.path);
            return path === undefined ? undefined : { path, external: true };
          });
        },
      },
    ],
  });
  const [output] = result.outputFiles;
  if (output === undefined || result.errors.length > 0) throw new Error('no worker bundle');
  const inputs: Record<string, string> = {};
  for (const path of Object.keys(result.metafile.inputs)) {
    inputs[path] = sha256(readFileSync(resolve(PACKAGE_ROOT, path)));
  }
  keepBundle({ key, inputs, code: output.text }, cacheFile);
  return output.text;
}
