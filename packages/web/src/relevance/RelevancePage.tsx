import {
  MAX_PIN_RANK,
  RuleSetSchema,
  type ReplayReport,
  type RulesAnswer,
  type SearchRule,
} from '@docs-portal/contracts';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { usePortal } from '../data/PortalContext';
import { HttpError } from '../http/apiClient';
import { relevanceApi } from './relevanceApi';
import './relevance.css';

type Kind = SearchRule['kind'];

/** What a rule does, in words. */
function describe(rule: SearchRule): string {
  if (rule.kind === 'pin') {
    const anchor = rule.anchor ? `#${rule.anchor}` : '';
    return `Pin ${rule.docSet}${rule.path}${anchor} at rank ${rule.rank} for “${rule.query}”`;
  }
  if (rule.kind === 'boost') {
    const verb = rule.factor >= 1 ? 'Boost' : 'Bury';
    return `${verb} ${rule.docSet}${rule.path ?? ''} ×${rule.factor} for queries like “${rule.pattern}”`;
  }
  return `Synonyms: ${rule.words.join(', ')}`;
}

function problemOf(error: unknown): string {
  if (error instanceof HttpError) return error.apiError?.message ?? error.message;
  return 'Something went wrong. Try again.';
}

interface Fields {
  kind: Kind;
  query: string;
  docSet: string;
  path: string;
  anchor: string;
  rank: string;
  factor: string;
  words: string;
}

const EMPTY: Fields = {
  kind: 'pin',
  query: '',
  docSet: '',
  path: '',
  anchor: '',
  rank: '1',
  factor: '2',
  words: '',
};

function ruleFrom(fields: Fields, id: string): unknown {
  if (fields.kind === 'pin') {
    return {
      id,
      kind: 'pin',
      query: fields.query,
      docSet: fields.docSet.trim(),
      path: fields.path.trim(),
      ...(fields.anchor.trim() === '' ? {} : { anchor: fields.anchor.trim() }),
      rank: Number(fields.rank),
    };
  }
  if (fields.kind === 'boost') {
    return {
      id,
      kind: 'boost',
      pattern: fields.query,
      docSet: fields.docSet.trim(),
      ...(fields.path.trim() === '' ? {} : { path: fields.path.trim() }),
      factor: Number(fields.factor),
    };
  }
  return {
    id,
    kind: 'synonym',
    words: fields.words
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w !== ''),
  };
}

/** One list of a replayed query's top results. */
function TopList({
  label,
  hits,
}: {
  label: string;
  hits: ReplayReport['changes'][number]['after'];
}) {
  return (
    <div className="replay-list">
      <h4>{label}</h4>
      {hits.length === 0 ? (
        <p className="muted">No results</p>
      ) : (
        <ol>
          {hits.map((hit) => (
            <li key={hit.url}>
              {hit.title}
              {hit.clicked ? <span className="clicked"> (clicked by readers)</span> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The relevance workbench (employees only; the server answers 404 to anyone else): edit a draft of
 * pins, boosts, buries and synonyms, replay it against logged queries, then publish or discard;
 * earlier versions can be rolled back to.
 */
export function RelevancePage() {
  const portal = usePortal();
  const api = useMemo(
    () => relevanceApi(portal.api, portal.bootstrap.basePath),
    [portal.api, portal.bootstrap.basePath],
  );
  const [published, setPublished] = useState<RulesAnswer | null>(null);
  const [draft, setDraft] = useState<SearchRule[]>([]);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [queries, setQueries] = useState('1000');
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (answer: RulesAnswer) => {
      setPublished(answer);
      setDraft(answer.rules);
      setReport(null);
    },
    [setPublished],
  );

  useEffect(() => {
    api.rules().then(load, (error: unknown) => setProblem(problemOf(error)));
  }, [api, load]);

  const changed = published !== null && JSON.stringify(draft) !== JSON.stringify(published.rules);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = `${fields.kind}-${Date.now().toString(36)}`;
    const next = [...draft, ruleFrom(fields, id)];
    const checked = RuleSetSchema.safeParse({ rules: next });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path.slice(2).join('.') ?? '';
      setProblem(
        `The rule was not added: ${field ? `${field} ` : ''}${issue?.message ?? 'is invalid'}.`,
      );
      return;
    }
    setProblem(null);
    setDraft(checked.data.rules);
    setReport(null);
    setFields({ ...EMPTY, kind: fields.kind });
    setStatus(`Added to the draft: ${describe(checked.data.rules.at(-1) as SearchRule)}`);
  };

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [name]: event.target.value });

  if (published === null) {
    return (
      <section className="relevance">
        <h1>Relevance workbench</h1>
        {problem ? <p role="alert">{problem}</p> : <p>Loading the rules…</p>}
      </section>
    );
  }

  return (
    <section className="relevance" aria-labelledby="relevance-title">
      <h1 id="relevance-title">Relevance workbench</h1>
      <p>
        {published.version === 0
          ? 'No rules are published yet.'
          : `Version ${published.version} is in force, published by ${published.publishedBy} on ${new Date(published.publishedAt).toLocaleString()}.`}{' '}
        {changed ? 'The draft has unpublished changes.' : 'The draft matches what is published.'}
      </p>
      <p role="status" className="visually-hidden-status">
        {status}
      </p>
      {problem ? (
        <p role="alert" className="relevance-problem">
          {problem}
        </p>
      ) : null}

      <h2>Draft rules</h2>
      {draft.length === 0 ? (
        <p className="muted">The draft has no rules.</p>
      ) : (
        <ul className="rule-list">
          {draft.map((rule) => (
            <li key={rule.id}>
              <span>{describe(rule)}</span>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setDraft(draft.filter((r) => r.id !== rule.id));
                  setReport(null);
                  setStatus(`Removed from the draft: ${describe(rule)}`);
                }}
              >
                Remove<span className="visually-hidden"> {describe(rule)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <form className="rule-form" onSubmit={add} aria-labelledby="add-rule-title" noValidate>
        <h3 id="add-rule-title">Add a rule</h3>
        <label>
          Kind
          <select value={fields.kind} onChange={set('kind')}>
            <option value="pin">Pin a page at a rank</option>
            <option value="boost">Boost or bury (factor below 1 buries)</option>
            <option value="synonym">Synonyms</option>
          </select>
        </label>
        {fields.kind === 'synonym' ? (
          <label>
            Words that mean the same (comma separated)
            <input value={fields.words} onChange={set('words')} required />
          </label>
        ) : (
          <>
            <label>
              {fields.kind === 'pin' ? 'Query' : 'Query pattern (* any words, ? one character)'}
              <input value={fields.query} onChange={set('query')} required maxLength={200} />
            </label>
            <label>
              Doc set id
              <input value={fields.docSet} onChange={set('docSet')} required />
            </label>
            <label>
              {fields.kind === 'pin' ? 'Page path' : 'Page path (empty: the whole doc set)'}
              <input
                value={fields.path}
                onChange={set('path')}
                required={fields.kind === 'pin'}
                placeholder="/Content/Page.htm"
              />
            </label>
            {fields.kind === 'pin' ? (
              <>
                <label>
                  Section anchor (optional)
                  <input value={fields.anchor} onChange={set('anchor')} />
                </label>
                <label>
                  Rank
                  <input
                    type="number"
                    min={1}
                    max={MAX_PIN_RANK}
                    value={fields.rank}
                    onChange={set('rank')}
                  />
                </label>
              </>
            ) : (
              <label>
                Factor
                <input
                  type="number"
                  min={0.01}
                  max={100}
                  step="any"
                  value={fields.factor}
                  onChange={set('factor')}
                />
              </label>
            )}
          </>
        )}
        <button type="submit" className="button">
          Add to draft
        </button>
      </form>

      <h2>Replay before publishing</h2>
      <div className="replay-controls">
        <label>
          Logged queries to replay
          <input
            type="number"
            min={1}
            max={10000}
            value={queries}
            onChange={(e) => setQueries(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const answer = await api.replay(draft, Number(queries) || 1000);
              setReport(answer);
              setStatus(`Replay done: ${answer.changed} queries change.`);
            })
          }
        >
          Replay draft
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !changed}
          onClick={() =>
            void run(async () => {
              const answer = await api.publish(draft, published.version);
              load(answer);
              setStatus(`Published version ${answer.version}.`);
            })
          }
        >
          Publish draft
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !changed}
          onClick={() => {
            setDraft(published.rules);
            setReport(null);
            setStatus('Draft discarded.');
          }}
        >
          Discard draft
        </button>
      </div>
      {report ? (
        <div className="replay-report">
          <p className="replay-summary">
            {report.replayed} logged queries replayed in {report.tookMs} ms: {report.changed} change
            their top results; clicked results move up {report.clickedUp} times and down{' '}
            {report.clickedDown} times.
          </p>
          {report.changes.map((change) => (
            <article key={`${change.kind}:${change.query}`} className="replay-change">
              <h3>
                “{change.query}” <span className="muted">({change.kind})</span>
                {change.clickedUp > 0 ? (
                  <span className="moved up"> clicked up {change.clickedUp}</span>
                ) : null}
                {change.clickedDown > 0 ? (
                  <span className="moved down"> clicked down {change.clickedDown}</span>
                ) : null}
              </h3>
              <div className="replay-lists">
                <TopList label="Before" hits={change.before} />
                <TopList label="After" hits={change.after} />
              </div>
            </article>
          ))}
        </div>
      ) : null}

      <h2>Published versions</h2>
      {published.history.length === 0 ? (
        <p className="muted">Nothing published yet.</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">Rules</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {published.history.map((v) => (
              <tr key={v.version}>
                <td>
                  {v.version}
                  {v.restoredFrom === null ? '' : ` (restores ${v.restoredFrom})`}
                </td>
                <td>{new Date(v.publishedAt).toLocaleString()}</td>
                <td>{v.publishedBy}</td>
                <td>{v.rules}</td>
                <td>
                  {v.version === published.version ? (
                    'In force'
                  ) : (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() =>
                        void run(async () => {
                          const answer = await api.rollback(v.version, published.version);
                          load(answer);
                          setStatus(
                            `Rolled back: version ${answer.version} restores ${v.version}.`,
                          );
                        })
                      }
                    >
                      Roll back to {v.version}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
