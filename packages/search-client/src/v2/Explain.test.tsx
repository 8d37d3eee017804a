import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Explain } from './Explain';

describe('sandbox explanation', () => {
  it('names the workbench rules that changed a hit, as text', () => {
    const { container } = render(
      <Explain
        score={1.5}
        rules={[
          { id: 'pin-install', effect: 'pin' },
          { id: '<b>bury</b>', effect: 'bury' },
        ]}
      />,
    );
    const rules = container.querySelector('.sc-explain-rules');
    expect(rules?.textContent).toBe(' · rules: pin-install (pin); <b>bury</b> (bury)');
    expect(container.querySelector('b')).toBeNull();
  });

  it('says nothing of rules when none applied', () => {
    const { container } = render(<Explain score={1} />);
    expect(container.querySelector('.sc-explain-rules')).toBeNull();
  });
});
