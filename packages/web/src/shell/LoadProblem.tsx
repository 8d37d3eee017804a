import { useState } from 'react';

/**
 * Says what could not be loaded and offers a retry: the reader sees the failure instead of a part
 * of the page quietly missing. `onRetry` starts the new attempt; the button waits for it.
 */
export function LoadProblem({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
  className?: string;
}) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div role="alert" className={`load-problem ${className ?? ''}`}>
      <span>{message}</span>
      <button
        type="button"
        className="load-problem-retry"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          onRetry()
            .catch(() => undefined)
            .finally(() => setRetrying(false));
        }}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
