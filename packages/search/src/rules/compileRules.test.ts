import { describe, expect, it } from 'vitest';
import { compileSynonyms } from '../query/synonyms';
import {
  compileRules,
  globMatches,
  mergeSynonyms,
  normaliseRulePattern,
  normaliseRuleQuery,
  ruleSignature,
} from './compileRules';

describe('rule queries and patterns', () => {
  it('normalises case, punctuation and spacing', () => {
    expect(normaliseRuleQuery('  How to   INSTALL? ')).toBe('how to install');
    expect(normaliseRuleQuery('k8s/helm-chart')).toBe('k8s helm chart');
    // Combining marks stay in their words: काम (work) is not कम (less); a mark after a space goes.
    expect(normaliseRuleQuery('काम, कैसे करें?')).toBe('काम कैसे करें');
    expect(normaliseRuleQuery('काम')).not.toBe(normaliseRuleQuery('कम'));
    expect(normaliseRuleQuery('a \u0301b \u093f\u094d')).toBe('a b');
    expect(normaliseRulePattern('*स्थापना*')).toBe('*स्थापना*');
  });

  it('matches globs: * any run, ? one character, the rest literal', () => {
    expect(globMatches('*backup*', 'restore a backup job')).toBe(true);
    expect(globMatches('backup*', 'restore a backup')).toBe(false);
    expect(globMatches('b?ckup', 'backup')).toBe(true);
    expect(globMatches('b?ckup', 'bckup')).toBe(false);
    expect(globMatches('a.b', 'axb')).toBe(false);
    expect(globMatches('*', '')).toBe(true);
  });

  it('stays fast on a pattern that would make a backtracking regex explode', () => {
    const pattern = `${'*a'.repeat(90)}*b`;
    const text = 'a'.repeat(500);
    const started = performance.now();
    expect(globMatches(pattern, text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('groups pins by normalised query, sorted by rank', () => {
    const compiled = compileRules([
      { id: 'b', kind: 'pin', query: 'Install!', docSet: 'd', path: '/b.htm', rank: 3 },
      { id: 'a', kind: 'pin', query: 'install', docSet: 'd', path: '/a.htm', rank: 1 },
      { id: 's', kind: 'synonym', words: ['vm', 'virtual machine'] },
    ]);
    expect(compiled.pins.get('install')?.map((p) => p.id)).toEqual(['a', 'b']);
    expect(compiled.synonyms).toEqual([['vm', 'virtual machine']]);
  });

  it('adds rule synonyms after the configured ones without changing them', () => {
    const base = compileSynonyms([['k8s', 'kubernetes']]);
    const merged = mergeSynonyms(base, [['kubernetes', 'kube']]);
    expect(merged.byMember.get('kubernetes')).toEqual([0, 1]);
    expect(base.byMember.get('kubernetes')).toEqual([0]);
    expect(merged.groups).toHaveLength(2);
  });
});

describe('rule signatures (replay skips queries whose rules are the same before and after)', () => {
  it('is the same for rule sets that apply the same pins and boosts, whatever their ids', () => {
    const pin = { kind: 'pin', query: 'install', docSet: 'd', path: '/a.htm', rank: 1 } as const;
    const boost = { kind: 'boost', pattern: '*install*', docSet: 'd', factor: 2 } as const;
    const live = compileRules([
      { id: 'a', ...pin },
      { id: 'b', ...boost },
    ]);
    const draft = compileRules([
      { id: 'x', ...boost },
      { id: 'y', ...pin },
      { id: 'z', kind: 'pin', query: 'upgrade', docSet: 'd', path: '/u.htm', rank: 2 },
    ]);
    expect(ruleSignature(live, 'Install')).toBe(ruleSignature(draft, 'install'));
    expect(ruleSignature(live, 'upgrade')).not.toBe(ruleSignature(draft, 'upgrade'));
    expect(ruleSignature(undefined, 'upgrade')).toBe(ruleSignature(live, 'upgrade'));
  });
});
