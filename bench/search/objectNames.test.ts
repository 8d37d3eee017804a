import { describe, expect, it } from 'vitest';
import { objectNameQueries } from './objectNames';

describe('objectNameQueries', () => {
  const pages = [
    { path: '/api/geo.Grid.html', title: 'geo.Grid' },
    { path: '/api/geo.Grid.resize.html', title: 'geo.Grid.resize' },
    { path: '/api/geo.Mesh.resize.html', title: 'geo.Mesh.resize' },
    { path: '/api/geo.Mesh.grid.html', title: 'geo.Mesh.grid' },
    { path: '/api/geo.linalg.norm.html', title: 'geo.linalg.norm()' },
    { path: '/api/geo.io.read.html', title: 'geo::io::read' },
    { path: '/api/geo.T.html', title: 'geo.T' },
    { path: '/guide/grids.html', title: 'Working with geo.Grid' },
    { path: '/guide/levels.html', title: '8.10. Levels' },
  ];

  it('asks each object by its name, its own page the one wanted', () => {
    const queries = objectNameQueries(pages, 100, 7);
    const byText = new Map(queries.map((q) => [q.text, q.relevant]));
    // The class before the method of the same name in another class; namesakes at one depth
    // are all wanted.
    expect(byText.get('Grid')).toEqual(['/api/geo.Grid.html']);
    expect(byText.get('resize')?.sort()).toEqual([
      '/api/geo.Grid.resize.html',
      '/api/geo.Mesh.resize.html',
    ]);
    expect(byText.get('norm')).toEqual(['/api/geo.linalg.norm.html']);
    expect(byText.get('read')).toEqual(['/api/geo.io.read.html']);
    // Prose and numbered titles are no qualified names; names under three letters are left out.
    expect([...byText.keys()].sort()).toEqual(['Grid', 'norm', 'read', 'resize']);
  });

  it('draws the same names for the same seed, at most as many as asked', () => {
    const first = objectNameQueries(pages, 2, 7);
    expect(first).toHaveLength(2);
    expect(objectNameQueries(pages, 2, 7)).toEqual(first);
  });
});
