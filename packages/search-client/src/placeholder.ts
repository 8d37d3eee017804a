import { connectToPortal, type PortalConnection } from '@docs-portal/contracts';

/** What {@link mountPlaceholder} needs from the outside (tests pass stand-ins). */
export interface PlaceholderOptions {
  /** Connects to the portal (default {@link connectToPortal}). */
  connect?: () => Promise<PortalConnection>;
  /** The fetch to call the search API with (default the global one). */
  fetch?: typeof fetch;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * A stand-in search client until the real ones land: shows which page it is and what the portal
 * gave it (search URL, search string), and runs a query against the search API. A 401 is passed
 * to the portal through the HTTP-error notifier. Text only, never HTML from the server.
 */
export async function mountPlaceholder(
  root: HTMLElement,
  pageName: string,
  options: PlaceholderOptions = {},
): Promise<void> {
  const status = element('p', { role: 'status', textContent: 'Connecting to the portal…' });
  const main = element('main', {}, element('h1', { textContent: pageName }), status);
  root.replaceChildren(main);

  let connection: PortalConnection;
  try {
    connection = await (options.connect ?? connectToPortal)();
  } catch (error) {
    status.textContent = `Could not connect to the portal: ${String(error)}`;
    return;
  }
  const doFetch = options.fetch ?? globalThis.fetch;

  const input = element('input', { type: 'search', name: 'q', value: connection.searchString });
  const output = element('pre', { className: 'results' });
  const form = element(
    'form',
    {},
    element('label', {}, 'Search text', input),
    element('button', { type: 'submit', textContent: 'Search' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = `${connection.searchUrl}?q=${encodeURIComponent(input.value)}`;
    status.textContent = 'Searching…';
    connection.reportState({ searchString: input.value });
    doFetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) {
          connection.notifyHttpError(response.status, url);
          status.textContent = `The search failed (HTTP ${response.status}).`;
          return;
        }
        const body: unknown = await response.json();
        status.textContent = 'Results:';
        output.textContent = JSON.stringify(body, null, 2);
      })
      .catch((error: unknown) => {
        status.textContent = `The search failed: ${String(error)}`;
      });
  });

  status.textContent = connection.framed ? 'Connected to the portal.' : 'Opened on its own.';
  main.append(
    element(
      'dl',
      {},
      element('dt', { textContent: 'Page' }),
      element('dd', { textContent: pageName }),
      element('dt', { textContent: 'searchUrl' }),
      element('dd', { className: 'search-url', textContent: connection.searchUrl }),
      element('dt', { textContent: 'searchString' }),
      element('dd', { className: 'search-string', textContent: connection.searchString }),
    ),
    form,
    output,
  );
}
