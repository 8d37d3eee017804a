import { Fragment, useMemo } from 'react';
import { snippetParts } from '../snippet/snippetParts';

/**
 * A search snippet: text with the matched terms in `<mark>`. Rendered as React text and mark
 * elements from {@link snippetParts}; the snippet string is never handed to the HTML parser.
 */
export function Snippet({ html }: { html: string }) {
  const parts = useMemo(() => snippetParts(html), [html]);
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}
