import type { UserKind } from '@docs-portal/contracts';
import { describe, expect, it } from 'vitest';
import { docSetInput } from '../../test/content/contentHarness';
import { parseConfig } from '../config/loadConfig';
import { canRead } from './canRead';
import { canSeeAnalytics } from './canSeeAnalytics';
import { docSetAtPath } from './docSetAtPath';
import { searchAccess } from './searchAccess';

const { docSets } = parseConfig(
  {
    dataDir: '/nowhere',
    docSets: [
      docSetInput('guide', '6_5/Web/UserGuide', '/nowhere/guide'),
      docSetInput('helios', 'WebHelios', '/nowhere/helios', {
        audience: ['customer', 'employee'],
      }),
      docSetInput('runbooks', 'Internal/Runbooks', '/nowhere/runbooks', {
        audience: ['employee'],
      }),
    ],
  },
  { env: {} },
);
const byId = (id: string) => docSets.find((d) => d.id === id)!;

describe('canRead', () => {
  it.each<[UserKind, string[]]>([
    ['customer', ['guide', 'helios']],
    ['partner', ['guide']],
    ['employee', ['guide', 'helios', 'runbooks']],
  ])('lets a %s read exactly the doc sets whose audience names them or *', (kind, readable) => {
    expect(docSets.filter((d) => canRead({ kind }, d)).map((d) => d.id)).toEqual(readable);
    expect(searchAccess({ kind }, docSets)).toEqual({ docSetIds: readable });
  });

  it('gives the search engine nothing when no doc set is configured', () => {
    expect(searchAccess({ kind: 'employee' }, [])).toEqual({ docSetIds: [] });
  });
});

describe('docSetAtPath', () => {
  it.each([
    ['/docs/Internal/Runbooks/Content/A.htm?Highlight=a#b', 'runbooks'],
    ['/docs/Internal/Runbooks', 'runbooks'],
    ['/docs/6_5/Web/UserGuide/../../../Internal/Runbooks/A.htm', 'runbooks'],
    ['/docs/WebHelios/Content/Dashboard.htm', 'helios'],
    ['/docs/WebHeliosX/Content/Dashboard.htm', undefined],
    ['/docs/Internal%2FRunbooks/A.htm', undefined],
    ['/docs/internal/runbooks/A.htm', undefined],
    ['/docs/ui/search', undefined],
    ['/elsewhere/Internal/Runbooks/A.htm', undefined],
  ])('finds the doc set of %s: %s', (url, id) => {
    expect(docSetAtPath(docSets, '/docs', url)?.id).toBe(id);
  });

  it('matches the mount the same way with a trailing slash on the base path', () => {
    expect(docSetAtPath([byId('guide')], '/docs/', '/docs/6_5/Web/UserGuide/a.htm')?.id).toBe(
      'guide',
    );
  });
});

describe('canSeeAnalytics', () => {
  it('opens the report to employees only', () => {
    expect(canSeeAnalytics({ kind: 'employee' })).toBe(true);
    expect(canSeeAnalytics({ kind: 'customer' })).toBe(false);
    expect(canSeeAnalytics({ kind: 'partner' })).toBe(false);
    expect(canSeeAnalytics(null)).toBe(false);
    expect(canSeeAnalytics(undefined)).toBe(false);
  });
});
