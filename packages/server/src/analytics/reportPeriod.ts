import { z } from 'zod';
import type { ReportRange } from './AnalyticsStore';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days a report covers when the reader does not say. */
export const DEFAULT_REPORT_DAYS = 30;
/** Longest period a report may cover, in days. */
export const MAX_REPORT_DAYS = 731;

/** Milliseconds since the epoch of a `YYYY-MM-DD` day (UTC), or NaN when it is no real day. */
function dayStart(day: string): number {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day ? Number.NaN : at;
}

const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((day) => !Number.isNaN(dayStart(day)), 'is not a date in the calendar');

/** Query string of the report endpoint and page: `from` and `to` days, both included (UTC). */
export const ReportQuerySchema = z
  .object({
    from: DaySchema.optional(),
    to: DaySchema.optional(),
  })
  .strict();

/** A report period as days (both included) and as the store's half-open range. */
export interface ReportPeriod {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD`. */
  to: string;
  /** From the first day's start to the day after the last one (excluded). */
  range: ReportRange;
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The period of a report query: default the 30 days up to `today`; `from` alone runs to today,
 * `to` alone covers the 30 days up to it.
 * @throws ZodError (answered 400 naming the field) for a bad day, an end before the start, or a
 *   period longer than {@link MAX_REPORT_DAYS}.
 */
export function reportPeriod(query: unknown, today: Date = new Date()): ReportPeriod {
  const parsed = ReportQuerySchema.parse(query ?? {});
  const toDay = parsed.to ?? dayOf(today.getTime());
  const end = dayStart(toDay);
  const fromDay = parsed.from ?? dayOf(end - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  const start = dayStart(fromDay);
  const checked = z
    .object({
      to: z.number().min(start, 'must not be before from'),
      days: z.number().max(MAX_REPORT_DAYS, `a report covers at most ${MAX_REPORT_DAYS} days`),
    })
    .parse({ to: end, days: (end - start) / DAY_MS + 1 });
  return {
    from: fromDay,
    to: toDay,
    range: { from: new Date(start), to: new Date(checked.to + DAY_MS) },
  };
}
