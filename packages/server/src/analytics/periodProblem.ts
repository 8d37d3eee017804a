import type { ValidationIssue } from '../errors/validationMessage';
import { MAX_REPORT_DAYS } from './reportPeriod';

/** Which date field of the period form a problem is about, if any. */
export type PeriodField = 'from' | 'to';

/** A refused period, said for the reader of the analytics page. */
export interface PeriodProblem {
  /** Sentences for the reader, one per problem. */
  message: string;
  /** The date fields to mark invalid. */
  fields: PeriodField[];
}

const DATE_NAME: Record<PeriodField, string> = { from: 'start date', to: 'end date' };

function sentence(issue: ValidationIssue): { text: string; field?: PeriodField } {
  const where = issue.path[0];
  if (issue.code === 'unrecognized_keys') {
    return { text: 'Only a start date and an end date can be chosen on this page.' };
  }
  if (where === 'days') {
    return {
      text: `A report covers at most ${MAX_REPORT_DAYS} days. Choose a shorter period.`,
      field: 'from',
    };
  }
  if (where === 'to' && issue.code === 'too_small') {
    return { text: 'The end date is before the start date.', field: 'to' };
  }
  if (where === 'from' || where === 'to') {
    return {
      text: `The ${DATE_NAME[where]} is not a date of the calendar. Choose one, or write it as YYYY-MM-DD.`,
      field: where,
    };
  }
  return { text: 'That period cannot be shown. Choose a start date and an end date.' };
}

/**
 * The reader's wording of the problems `reportPeriod` found (the JSON and CSV answers keep the
 * `field: message` wording of every 400): what is wrong with which date, and what to do instead.
 */
export function periodProblem(issues: readonly ValidationIssue[]): PeriodProblem {
  const said = issues.map(sentence);
  const fields = [...new Set(said.flatMap((s) => (s.field ? [s.field] : [])))];
  return { message: [...new Set(said.map((s) => s.text))].join(' '), fields };
}
