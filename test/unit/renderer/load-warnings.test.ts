import { describe, expect, it } from 'vitest';
import type { LoadWarning } from '../../../src-main/api/contract';
import { LOAD_WARNING_CODES } from '../../../src-main/ontology/ontology-types';
import { listedWarnings, warningTitle } from '../../../src-renderer/util/load-warnings';

describe('load warnings in the Ontologies view', () => {
  it('each code has its own heading; only the unknown one is a bare "Warning"', () => {
    for (const code of LOAD_WARNING_CODES) {
      expect(warningTitle(code)).toBeTruthy();
      expect(warningTitle(code) === 'Warning').toBe(code === 'other');
    }
    // A cache written by a version with another code still shows.
    expect(warningTitle('gone' as never)).toBe('Warning');
  });

  it('lists every warning but the unsatisfiable classes, which have a callout of their own', () => {
    const ws: LoadWarning[] = [
      { code: 'unsatisfiable', message: '2 classes are unsatisfiable.' },
      { code: 'non-el', message: 'ignored' },
      { code: 'cache-rebuilt', message: 'rebuilt' },
    ];
    expect(listedWarnings(ws).map((w) => w.code)).toEqual(['non-el', 'cache-rebuilt']);
    expect(listedWarnings(undefined)).toEqual([]);
  });
});
