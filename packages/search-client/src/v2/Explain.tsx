import type { MatchExplanation } from '@docs-portal/contracts';

/** Score and, when the API explained it, why a hit matched: for the sandbox page. */
export function Explain({ score, explain }: { score: number; explain?: MatchExplanation }) {
  const fields = Object.entries(explain?.fields ?? {});
  return (
    <span className="sc-explain">
      <span className="sc-score">score {score.toFixed(3)}</span>
      {fields.length > 0 && (
        <span className="sc-explain-fields">
          {' · fields: '}
          {fields.map(([field, terms]) => `${field} [${terms.join(', ')}]`).join('; ')}
        </span>
      )}
      {explain && explain.terms.length > 0 && (
        <span className="sc-explain-terms">
          {' · terms: '}
          {explain.terms.map((t) => `${t.query} → ${t.matched} (${t.how})`).join('; ')}
        </span>
      )}
    </span>
  );
}
