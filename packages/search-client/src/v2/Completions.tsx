/** Props of {@link Completions}. */
export interface CompletionsProps {
  /** The searches proposed, best first. */
  completions: readonly string[];
  /** The reader picked one. */
  onPick(text: string): void;
}

/**
 * The searches the word being typed may complete to (`anom` → `anomaly`, `anomalies`), as
 * buttons under the search box: picking one searches for it. Outside the result list, so the
 * arrow keys and Enter keep going to the results.
 */
export function Completions({ completions, onPick }: CompletionsProps) {
  if (completions.length === 0) return null;
  return (
    <nav className="sc-completions" aria-label="Suggested searches">
      <span className="sc-completions-label">Searches:</span>
      <ul className="sc-completions-list">
        {completions.map((text) => (
          <li key={text}>
            <button type="button" className="sc-completion" onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
