/** Props of {@link Pager}. */
export interface PagerProps {
  /** Page shown, from 1. */
  page: number;
  /** Results per page. */
  pageSize: number;
  /** Results in all. */
  total: number;
  /** The reader asked for page `page`. */
  onPage(page: number): void;
}

/** Previous / next buttons over the pages of a full result list. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="sc-pager" aria-label="Result pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
