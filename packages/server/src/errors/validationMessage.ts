/** One problem found while validating input: where it is and what is wrong. */
export interface ValidationIssue {
  /** zod's issue code (`unrecognized_keys`, `too_big`, ...). */
  code?: string;
  /** Where the problem is, from the root of the value checked (empty for the value itself). */
  path: ReadonlyArray<PropertyKey>;
  /** What is wrong, for people. */
  message: string;
  /** For `unrecognized_keys`: the names that are not expected. */
  keys?: readonly string[];
}

/**
 * The one wording of a 400: every problem as `field: message`, joined with `; `; unknown fields as
 * `unknown parameter(s): a, b`. `subject` names the value itself when a problem has no path
 * (`query`, `body`, `period`). Used for route validation, for zod errors thrown in handlers and
 * for the analytics page's form, so every bad request reads the same.
 */
export function validationMessage(issues: readonly ValidationIssue[], subject = 'request'): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
        return `unknown parameter(s): ${issue.keys.join(', ')}`;
      }
      const field = issue.path.map(String).join('.') || subject;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}
