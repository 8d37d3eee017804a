import { describe, expect, it } from 'vitest';
import { analysePacked, analysePage, analysisOf, type PageRecord } from './analysePage';

const page: PageRecord = {
  path: '/guide/paths.htm',
  title: 'Paths guide',
  breadcrumb: ['Guide', 'Files'],
  hash: 'h',
  sections: [
    { heading: 'Joining', anchor: 'join', text: 'Call os.path.join to join paths.' },
    { heading: 'Splitting paths', anchor: 'split', text: 'Split them.', definitions: ['split'] },
  ],
};

describe('analysePacked', () => {
  it('numbers terms by first appearance: title, heading, breadcrumb, text, section by section', () => {
    expect(analysePacked(page).terms).toEqual([
      'paths',
      'guide',
      'joining',
      'files',
      'call',
      'os',
      'os.path.join',
      'path',
      'path.join',
      'join',
      'to',
      'splitting',
      'split',
      'them',
    ]);
  });

  it('counts title and breadcrumb once for the page, headings and text in every section', () => {
    const analysed = analysePage(page);
    const [joining, splitting] = analysed.sections;
    // Title, heading, breadcrumb, text: joined forms (os.path.join) take no word position.
    expect(joining?.lengths).toEqual([2, 1, 2, 7]);
    expect(splitting?.lengths).toEqual([2, 2, 2, 2]);
    expect(analysed.lengths).toEqual([2, 3, 2, 9]);
    expect(joining?.fields[3]?.slice(1, 3)).toEqual([
      { term: 'os', position: 1 },
      { term: 'os.path.join', position: 1 },
    ]);
    expect(joining?.frequencies.get('join')).toEqual([0, 0, 0, 2]);
    // A defined name counts in the heading field, on top of its words.
    expect(splitting?.frequencies.get('split')).toEqual([0, 1, 0, 1]);
    expect(analysed.frequencies.get('paths')).toEqual([1, 1, 0, 1]);
    expect(analysed.frequencies.get('guide')).toEqual([1, 0, 1, 0]);
  });

  it('reads a signature heading by its name, and its parameters as the first words of its text', () => {
    const analysed = analysePage({
      ...page,
      sections: [
        { heading: 'with_capacity(capacity: usize)', anchor: 'w', text: 'Makes one.' },
        { heading: 'capacity(&self)', anchor: 'c', text: 'Says how much.' },
        { heading: 'Sizes (and limits)', anchor: 's', text: 'Both.' },
        { heading: "wait_for<'a, T>( &self, guard: Guard<'a, T> )", anchor: 'g', text: 'Waits.' },
      ],
    });
    const [withCapacity, capacity, sizes, generic] = analysed.sections;
    expect(withCapacity?.frequencies.get('capacity')).toEqual([0, 1, 0, 1]);
    expect(withCapacity?.frequencies.get('usize')).toEqual([0, 0, 0, 1]);
    expect(capacity?.frequencies.get('capacity')).toEqual([0, 1, 0, 0]);
    expect(capacity?.frequencies.get('self')).toEqual([0, 0, 0, 1]);
    expect(capacity?.lengths).toEqual([2, 1, 2, 4]);
    // A heading with words before its parentheses is no signature: all of it is heading.
    expect(sizes?.frequencies.get('limits')).toEqual([0, 1, 0, 0]);
    // Generics between the name and its parameters are words of the text too.
    expect(generic?.frequencies.get('wait_for')).toEqual([0, 1, 0, 0]);
    expect(generic?.frequencies.get('guard')).toEqual([0, 0, 0, 2]);
  });

  it('gives a page without sections no terms', () => {
    expect(analysePacked({ ...page, sections: [] }).terms).toEqual([]);
  });
});

describe('analysisOf', () => {
  it('uses the analysis a record carries, and refuses one of another page', () => {
    const analysis = analysePacked(page);
    expect(analysisOf({ ...page, analysis })).toBe(analysis);
    const other = analysePacked({ ...page, sections: page.sections.slice(1) });
    expect(() => analysisOf({ ...page, analysis: other })).toThrow(/does not match/);
  });
});
