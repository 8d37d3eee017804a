import { describe, expect, it } from 'vitest';
import { CASE_MARGIN, casedLead, holdsWord } from './casedLead';

describe('holdsWord', () => {
  it('finds a word whole, set off by anything but a letter, a digit or `_`', () => {
    expect(holdsWord('class kiln.types.INTEGER', 'INTEGER')).toBe(true);
    expect(holdsWord('kiln.expr.label(name, element)', 'label')).toBe(true);
    expect(holdsWord('kiln.expr.Label', 'label')).toBe(false);
    expect(holdsWord('kiln.expr.labelled', 'label')).toBe(false);
    expect(holdsWord('relabel label_style', 'label')).toBe(false);
    expect(holdsWord('nop()', '')).toBe(false);
  });
});

describe('casedLead', () => {
  const twins = (first: string, second: string, gap = 0) => [
    { heading: first, score: 10 },
    { heading: second, score: 10 * (1 - gap) },
    { heading: 'Examples', score: 4 },
  ];

  it('links to the entry that says a query word in the case typed, when it nearly ties', () => {
    const integer = twins('class kiln.types.Integer', 'class kiln.types.INTEGER', 0.003);
    expect(casedLead(integer, ['INTEGER', 'class', 'in', 'kiln.types'])).toBe(1);
    const label = twins('class kiln.expr.Label', 'kiln.expr.label(element, name)', 0.01);
    expect(casedLead(label, ['label', 'in', 'module', 'kiln.expr'])).toBe(1);
    // A qualified word typed whole.
    expect(casedLead(integer, ['kiln.types.INTEGER'])).toBe(1);
  });

  it('keeps the first where its heading says the word as typed, or the case tells nothing', () => {
    const integer = twins('class kiln.types.Integer', 'class kiln.types.INTEGER');
    expect(casedLead(integer, ['Integer'])).toBe(0);
    // Digits and marks have no case.
    expect(casedLead(twins('utf8 codec', 'UTF8 codec'), ['8'])).toBe(0);
    // No other section says it as typed.
    expect(
      casedLead(twins('class kiln.types.Integer', 'class kiln.types.Integral'), ['INTEGER']),
    ).toBe(0);
    // The first's heading does not say the word at all: the case does not choose between names.
    expect(casedLead(twins('kiln.types overview', 'class kiln.types.INTEGER'), ['INTEGER'])).toBe(
      0,
    );
  });

  it('reads a capital first letter in prose as no case at all', () => {
    // Sentence case capitalises a heading's first word; readers capitalise a query's.
    const prose = twins('Anomaly alerts', 'Respond to an anomaly', 0.01);
    expect(casedLead(prose, ['anomaly', 'detection'])).toBe(0);
    expect(casedLead(twins('Respond to an anomaly', 'Anomaly alerts'), ['Anomaly'])).toBe(0);
    // In code it says a class: `mark.Stamp(`, `kiln.expr.Label`.
    expect(casedLead(twins('mark.Stamp(initials)', 'mark.stamp(piece)'), ['stamp'])).toBe(1);
    expect(casedLead(twins('Stamp(initials)', 'stamp(piece)'), ['stamp'])).toBe(1);
    // Any other difference of case tells names apart wherever it is.
    expect(casedLead(twins('NOP', 'nop()'), ['nop'])).toBe(1);
  });

  it('keeps the first where the other scores more than the margin below it', () => {
    const far = twins('class kiln.types.Integer', 'class kiln.types.INTEGER', CASE_MARGIN * 2);
    expect(casedLead(far, ['INTEGER'])).toBe(0);
    expect(casedLead([{ heading: 'class kiln.types.Integer', score: 1 }], ['INTEGER'])).toBe(0);
  });
});
