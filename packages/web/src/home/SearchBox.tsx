import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchRoutePath } from '../search/searchRoute';
import './searchBox.css';

/** The home page search box: submitting opens the search route with the typed string. */
export function SearchBox() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
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
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </form>
  );
}
