import { useState } from 'react';
import type { SearchResponse } from '@docs-portal/contracts';

/** Props of {@link SandboxPanel}. */
export interface SandboxPanelProps {
  /** The answer shown. */
  response: SearchResponse;
  /** Browser round trip of that answer, in ms. */
  roundTripMs: number | null;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** For the documentation team tuning search: server and browser times, and the raw answer. */
export function SandboxPanel({ response, roundTripMs }: SandboxPanelProps) {
  const [showRaw, setShowRaw] = useState(false);
  return (
    <div className="sc-sandbox">
      <p className="sc-timings">
        <span>
          Server: <strong data-testid="server-time">{ms(response.tookMs)}</strong>
        </span>
        {roundTripMs !== null && (
          <span>
            Browser round trip: <strong data-testid="browser-time">{ms(roundTripMs)}</strong>
          </span>
        )}
        <button
          type="button"
          className="sc-link"
          aria-expanded={showRaw}
          aria-controls="sc-raw-json"
          onClick={() => setShowRaw((open) => !open)}
        >
          {showRaw ? 'Hide raw JSON' : 'Show raw JSON'}
        </button>
      </p>
      <pre
        id="sc-raw-json"
        className="sc-raw"
        hidden={!showRaw}
        tabIndex={showRaw ? 0 : -1}
        aria-label="Raw JSON of the answer"
      >
        {showRaw ? JSON.stringify(response, null, 2) : ''}
      </pre>
    </div>
  );
}
