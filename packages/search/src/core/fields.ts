/** The fields of a section record, in the order used by lengths, weights and postings. */
export const FIELDS = ['title', 'heading', 'breadcrumb', 'text'] as const;
/** One of the indexed fields. */
export type FieldName = (typeof FIELDS)[number];
/** Number of indexed fields. */
export const FIELD_COUNT = FIELDS.length;
