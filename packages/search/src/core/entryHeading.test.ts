import { describe, expect, it } from 'vitest';
import { analysePage } from './analysePage';
import { leftOutQualifier, readHeading, sectionHeading } from './entryHeading';

describe('leftOutQualifier', () => {
  it('is what the defined name has before the name the heading starts with', () => {
    expect(leftOutQualifier('get', 'multiprocessing.Queue.get')).toBe('multiprocessing.Queue.');
    expect(leftOutQualifier('-l', 'tarfile -l')).toBe('tarfile ');
  });

  it('is empty where the heading names the thing as defined or with a qualifier of its own', () => {
    expect(leftOutQualifier('os.path.join', 'os.path.join')).toBe('');
    // Django heads a method with its class: what the reader is shown stays the heading.
    expect(leftOutQualifier('Form.add_error', 'django.forms.Form.add_error')).toBe('');
    // A longer name that only starts like the definition's last part.
    expect(leftOutQualifier('getter', 'pkg.Box.get')).toBe('');
    expect(leftOutQualifier('put', 'pkg.Box.get')).toBe('');
  });
});

describe('sectionHeading', () => {
  const title = 'glob — Unix style pathname pattern expansion';

  it('heads the page top by the name it defines when the title starts with it', () => {
    expect(sectionHeading({ heading: '', definitions: ['glob'] }, title)).toBe('glob');
    expect(
      sectionHeading({ heading: '', definitions: ['tkinter.tix'] }, 'tkinter.tix — Tk widgets'),
    ).toBe('tkinter.tix');
  });

  it('keeps any other heading, and the page top of another title or without a definition', () => {
    expect(sectionHeading({ heading: 'Examples', definitions: ['glob'] }, title)).toBe('Examples');
    expect(sectionHeading({ heading: '', definitions: ['glo'] }, title)).toBe('');
    expect(sectionHeading({ heading: '', definitions: ['fnmatch'] }, title)).toBe('');
    expect(sectionHeading({ heading: '' }, title)).toBe('');
  });
});

describe('readHeading', () => {
  it('reads any heading whole, but a signature by its name', () => {
    expect(readHeading('Sizes and limits')).toEqual({
      names: ['Sizes and limits'],
      qualifiers: [],
      aside: '',
    });
    expect(readHeading('capacity(&self)')).toEqual({
      names: ['capacity'],
      qualifiers: [],
      aside: '(&self)',
    });
  });

  it("reads an entry's names as alternatives, qualified as its definition is", () => {
    expect(readHeading('get([block[, timeout]])', 'multiprocessing.Queue.get')).toEqual({
      names: ['multiprocessing.Queue.get'],
      qualifiers: ['multiprocessing.queue'],
      aside: '([block[, timeout]])',
    });
    expect(readHeading('-w <seconds> / --wait <seconds>', 'harborctl -w')).toEqual({
      names: ['harborctl -w', 'harborctl --wait'],
      qualifiers: [],
      aside: '<seconds> <seconds>',
    });
    expect(readHeading('-v, --verbose', 'timeit -v').names).toEqual([
      'timeit -v',
      'timeit --verbose',
    ]);
    expect(readHeading('--wait=SECONDS', 'harborctl --wait').names).toEqual(['harborctl --wait']);
    // Names qualified in the heading keep their own qualifier.
    expect(readHeading('A.run() / B.run()', 'pkg.A.run').names).toEqual(['A.run', 'B.run']);
    // A heading saying the name as defined, qualified, says its qualifiers whole too.
    expect(readHeading('kiln.engine.URL.query Mapping[str, str]', 'kiln.engine.URL.query')).toEqual(
      {
        names: ['kiln.engine.URL.query Mapping[str, str]'],
        qualifiers: ['kiln.engine.url', 'kiln.engine'],
        aside: '',
      },
    );
    expect(
      readHeading('kiln.engine.URL.create(name)', 'kiln.engine.URL.create').qualifiers,
    ).toEqual(['kiln.engine.url', 'kiln.engine']);
    // One naming a qualifier of its own says the qualifiers it leaves out whole too, its names
    // as shown: `today kiln.date class method` is the member, not `kiln.datetime.today`.
    expect(readHeading('date.today()', 'kiln.date.today')).toEqual({
      names: ['date.today'],
      qualifiers: ['kiln.date'],
      aside: '()',
    });
    expect(readHeading('Form.add_error(field)', 'kiln.forms.Form.add_error').qualifiers).toEqual([
      'kiln.forms.form',
      'kiln.forms',
    ]);
    // A name that only ends like the definition is not one of its endings.
    expect(readHeading('today()', 'kiln.date.yesterday_today').qualifiers).toEqual([]);
  });

  it('leaves a heading that is no entry of several names whole', () => {
    expect(readHeading('Input / Output').names).toEqual(['Input / Output']);
  });
});

describe('the heading field of an entry', () => {
  const analysed = analysePage({
    path: '/api.html',
    title: 'API',
    breadcrumb: [],
    hash: 'h',
    sections: [
      {
        heading: 'closed',
        anchor: 'io.IOBase.closed',
        text: 'True if the stream is closed.',
        definitions: ['io.IOBase.closed'],
      },
      {
        heading: '-q, --quiet',
        anchor: 'cmdoption-harborctl-q',
        text: 'Prints errors only.',
        definitions: ['harborctl -q'],
      },
    ],
  });
  const [closed, quiet] = analysed.sections;

  it('says the qualifier, whole at the first position, then the name', () => {
    expect(closed?.heading).toBe('closed');
    expect(closed?.fields[1]).toEqual([
      { term: 'io.iobase', position: 0 },
      { term: 'io', position: 0 },
      { term: 'io.iobase.closed', position: 0 },
      { term: 'io', position: 1 },
      { term: 'iobase.closed', position: 1 },
      { term: 'iobase', position: 1 },
      { term: 'base', position: 2 },
      { term: 'closed', position: 3 },
    ]);
  });

  it("says the name a module page's top defines, the shown heading left empty", () => {
    const [top] = analysePage({
      path: '/glob.html',
      title: 'glob — Unix style pathname pattern expansion',
      breadcrumb: [],
      hash: 'h',
      sections: [{ heading: '', anchor: '', text: 'module Finds paths.', definitions: ['glob'] }],
    }).sections;
    expect(top?.heading).toBe('');
    expect(top?.fields[1]).toEqual([{ term: 'glob', position: 0 }]);
  });

  it("says an option's flags at the same positions, each term once there", () => {
    expect(quiet?.fields[1]).toEqual([
      { term: 'harborctl', position: 0 },
      { term: 'q', position: 1 },
      { term: 'quiet', position: 1 },
    ]);
    // The program and each flag count as a word.
    expect(quiet?.lengths[1]).toBe(3);
  });
});
