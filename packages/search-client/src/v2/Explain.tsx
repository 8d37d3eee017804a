import type { MatchExplanation, SearchHit } from '@docs-portal/contracts';

/**
 * Score and, when the API explained it, why a hit matched and which relevance workbench rules
 * pinned, boosted or buried it: for the sandbox page.
 */
export function Explain({
  score,
  explain,
  rules,
}: {
  score: number;
  explain?: MatchExplanation;
  rules?: SearchHit['rules'];
}) {
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
      {Array.isArray(rules) && rules.length > 0 && (
        <span className="sc-explain-rules">
          {' · rules: '}
          {rules.map((r) => `${String(r.id)} (${String(r.effect)})`).join('; ')}
        </span>
      )}
    </span>
  );
}
