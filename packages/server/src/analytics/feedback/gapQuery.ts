import { z } from 'zod';
import { canRead, type Reader } from '../../access/canRead';
import type { DocSetConfig } from '../../config/schema';
import { PortalError } from '../../errors/PortalError';
import { validationMessage } from '../../errors/validationMessage';
import { reportPeriod, type ReportPeriod } from '../reportPeriod';

/** The doc sets `reader` may read, in config order: the only ones feedback and gap views name. */
export function readableDocSets(reader: Reader, docSets: readonly DocSetConfig[]): DocSetConfig[] {
  return docSets.filter((docSet) => canRead(reader, docSet));
}

const DocSetParam = z.string().min(1).max(200).optional();

/** What a feedback or gap view shows: a period and, optionally, one doc set. */
export interface GapScope {
  period: ReportPeriod;
  /** The doc set chosen, or undefined for all the viewer may read. */
  docSet: DocSetConfig | undefined;
  /** The doc sets the viewer may read. */
  readable: DocSetConfig[];
}

/**
 * Reads `from`, `to` (see `reportPeriod`) and `docSet` (an id) from a query string.
 * @throws ZodError for a bad period; PortalError `bad_request` (the one 400 wording) for a doc
 *   set that does not exist or that the viewer may not read (the same answer for both).
 */
export function gapScope(
  query: unknown,
  reader: Reader,
  docSets: readonly DocSetConfig[],
  today: Date,
): GapScope {
  const { docSet: id, ...rest } = (query ?? {}) as Record<string, unknown>;
  const period = reportPeriod(rest, today);
  const readable = readableDocSets(reader, docSets);
  const parsed = DocSetParam.safeParse(id === '' ? undefined : id);
  const docSet =
    parsed.success && parsed.data ? readable.find((d) => d.id === parsed.data) : undefined;
  if (!parsed.success || (parsed.data !== undefined && !docSet)) {
    throw new PortalError(
      'bad_request',
      validationMessage([{ path: ['docSet'], message: 'is not a doc set you can read' }], 'query'),
    );
  }
  return { period, docSet, readable };
}
