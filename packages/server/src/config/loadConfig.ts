import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { PortalConfigSchema, type PortalConfig } from './schema';
import { findUnknownKeys } from './unknownKeys';

/** The repository root: default config file, data folder and sample content are found from it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The config file used when PORTAL_CONFIG is not set. */
export const DEFAULT_CONFIG_FILE = path.join(REPO_ROOT, 'portal.config.yaml');

/** A configuration that cannot be used; `problems` name the bad field of each. */
export class ConfigError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration (${source}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The validated config plus where relative paths were resolved from. */
export interface LoadedConfig {
  config: PortalConfig;
  /** The file read, or null when the config came from an object. */
  file: string | null;
}

/** Environment variables that override config fields: variable -> path and parser. */
const ENV_OVERRIDES: Array<{
  name: string;
  path: string[];
  parse: (v: string) => unknown;
  /** Create the missing parents of `path` (else an override of an absent section is ignored). */
  create?: boolean;
}> = [
  { name: 'PORT', path: ['port'], parse: (v) => (/^\d+$/.test(v) ? Number(v) : v) },
  { name: 'HOST', path: ['host'], parse: (v) => v },
  { name: 'DATA_DIR', path: ['dataDir'], parse: (v) => path.resolve(v) },
  { name: 'PUBLIC_URL', path: ['publicUrl'], parse: (v) => v.replace(/\/+$/, '') },
  { name: 'BASE_PATH', path: ['basePath'], parse: (v) => v },
  { name: 'PORTAL_MODE', path: ['mode'], parse: (v) => v },
  { name: 'LOG_LEVEL', path: ['logLevel'], parse: (v) => v },
  {
    name: 'SALESFORCE_CLIENT_SECRET',
    path: ['identityProviders', 'salesforce', 'clientSecret'],
    parse: (v) => v,
  },
  {
    name: 'SESSIONS_STORE_URL',
    path: ['sessions', 'store', 'url'],
    parse: (v) => v,
    create: true,
  },
  {
    name: 'METRICS_TOKEN',
    path: ['operations', 'metricsToken'],
    parse: (v) => v,
    create: true,
  },
  {
    name: 'EMPLOYEE_CLIENT_SECRET',
    path: ['identityProviders', 'employee', 'clientSecret'],
    parse: (v) => v,
  },
];

function setPath(
  target: Record<string, unknown>,
  keys: string[],
  value: unknown,
  create = false,
): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    let next = node[key];
    if (next === undefined && create) {
      next = {};
      node[key] = next;
    }
    if (typeof next !== 'object' || next === null) {
      // A secret override for a provider that is not configured is ignored, not invented.
      return;
    }
    node = next as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** A field path as the config file spells it: `docSets[5].audience`. */
export function formatPath(keys: ReadonlyArray<PropertyKey>): string {
  if (keys.length === 0) return '(root)';
  return keys
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

function formatIssues(
  input: Record<string, unknown>,
  issues: z.core.$ZodIssue[],
  fromEnv: Map<string, string>,
): string[] {
  const named = (keys: ReadonlyArray<PropertyKey>, message: string) => {
    const env = fromEnv.get(keys.map(String).join('.'));
    return `${formatPath(keys)}${env ? ` (from ${env})` : ''}: ${message}`;
  };
  // Unknown keys are found by walking the schema (contracts' objects included), with a hint.
  const unknown = findUnknownKeys(PortalConfigSchema, input).map(({ path: keys, suggestion }) =>
    named(keys, `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`),
  );
  const others = issues
    .filter((issue) => issue.code !== 'unrecognized_keys')
    .map((issue) => named(issue.path, issue.message));
  return [...unknown, ...others];
}

/**
 * Validates a config object (as read from a file) after applying environment overrides. Relative
 * folders (dataDir, doc set folders) are resolved against `baseDir`.
 * @throws ConfigError listing every problem with the path of its field.
 */
export function parseConfig(
  raw: unknown,
  options: { env?: NodeJS.ProcessEnv; baseDir?: string; source?: string } = {},
): PortalConfig {
  const env = options.env ?? process.env;
  const baseDir = options.baseDir ?? REPO_ROOT;
  const source = options.source ?? 'config object';
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw new ConfigError(source, ['(root): must be a mapping of settings']);
  }
  const input = structuredClone((raw ?? {}) as Record<string, unknown>);
  const fromEnv = new Map<string, string>();
  for (const override of ENV_OVERRIDES) {
    const value = env[override.name];
    if (value === undefined || value === '') continue;
    setPath(input, override.path, override.parse(value), override.create);
    fromEnv.set(override.path.join('.'), override.name);
  }
  if (env.NODE_ENV === 'production' && !env.PORTAL_MODE && input.mode === undefined) {
    input.mode = 'production';
    fromEnv.set('mode', 'NODE_ENV');
  }
  const result = PortalConfigSchema.safeParse(input);
  const problems = formatIssues(input, result.success ? [] : result.error.issues, fromEnv);
  if (!result.success || problems.length > 0) throw new ConfigError(source, problems);
  const parsed = result.data;
  const config: PortalConfig = {
    ...parsed,
    // Development without a publicUrl: the portal is where it listens (see README, publicUrl).
    publicUrl: parsed.publicUrl ?? `http://localhost:${parsed.port}`,
    publicUrlFrom: parsed.publicUrl === undefined ? 'port' : 'config',
    dataDir: path.resolve(baseDir, parsed.dataDir),
  };
  for (const docSet of config.docSets) docSet.folder = path.resolve(baseDir, docSet.folder);
  return config;
}

/**
 * Reads the config file (PORTAL_CONFIG, else portal.config.yaml at the repository root; YAML or
 * JSON), applies environment overrides and validates it.
 * @throws ConfigError when the file cannot be read or parsed, or a field is invalid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const file = path.resolve(env.PORTAL_CONFIG ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) throw new ConfigError(file, ['(file): not found']);
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, 'utf8'), { prettyErrors: true });
  } catch (error) {
    throw new ConfigError(file, [`(file): not valid YAML or JSON: ${(error as Error).message}`]);
  }
  return { config: parseConfig(raw, { env, baseDir: path.dirname(file), source: file }), file };
}
