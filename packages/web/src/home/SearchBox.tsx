import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePortal } from '../data/PortalContext';
import { parseSuggestionTexts } from '../data/responseGuards';
import { searchRoutePath } from '../search/searchRoute';
import './searchBox.css';

/** Suggestions asked for: up to half page titles, the rest completions of the word being typed. */
const SUGGESTIONS = 6;
/** Pause in typing after which suggestions are asked for, in ms. */
const SUGGEST_DELAY_MS = 120;

/**
 * The home page search box: submitting opens the search route with the typed string. While the
 * reader types it offers the suggest API's page titles and completions in the browser's own list
 * (`<datalist>`); picking one fills the box. A failed suggestion shows none (a 401 has sent the
 * reader to sign-in, as every documentation API call does).
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const navigate = useNavigate();
  const portal = usePortal();
  const inputId = useId();
  const listId = useId();
  useEffect(() => {
    const q = text.trim();
    if (q === '') {
      setSuggestions([]);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q, limit: String(SUGGESTIONS) }).toString();
      portal.api.getJson(`/search/suggest?${query}`, parseSuggestionTexts).then(
        (texts) => current && setSuggestions(texts),
        () => current && setSuggestions([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, portal]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchRoutePath({ searchString: text.trim(), filters: {} }));
  };
  return (
    <form className="search-box" role="search" onSubmit={onSubmit}>
      <label className="search-box-label" htmlFor={inputId}>
        Search the documentation
      </label>
      <div className="search-box-row">
        <input
          id={inputId}
          className="search-box-input"
          type="search"
          name="searchString"
          autoComplete="off"
          placeholder="e.g. restore a virtual machine"
          list={listId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </form>
  );
}
