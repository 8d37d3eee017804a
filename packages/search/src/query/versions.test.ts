import { describe, expect, it } from 'vitest';
import { compareVersions } from './versions';

describe('compareVersions', () => {
  it('compares numbers numerically, so 6.10 is newer than 6.5', () => {
    const sorted = ['6.10', '6.5', '6.9.1', '10.0', '6_4'].sort(compareVersions);
    expect(sorted).toEqual(['6_4', '6.5', '6.9.1', '6.10', '10.0']);
  });

  it('treats a release as newer than its pre-release and labels without digits as newest', () => {
    expect(compareVersions('6.5', '6.5-beta')).toBeGreaterThan(0);
    expect(compareVersions('6.5.1', '6.5')).toBeGreaterThan(0);
    expect(compareVersions('current', '99.0')).toBeGreaterThan(0);
    expect(compareVersions('7.0', '7.0')).toBe(0);
  });
});
