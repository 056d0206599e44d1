import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadWarningSchema } from '../../../src-main/api/contract';
import { bridgeWarnings } from '../../../src-main/ontology/load-warnings';
import { LOAD_WARNING_CODES } from '../../../src-main/ontology/ontology-types';

const javaRoot = join(__dirname, '../../../resources/elk-bridge/src/main/java');

function javaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? javaFiles(p) : p.endsWith('.java') ? [p] : [];
  });
}

describe('load warning codes', () => {
  it('every code the Java bridge writes is one of the union', () => {
    const codes = new Set<string>();
    for (const f of javaFiles(javaRoot))
      for (const m of readFileSync(f, 'utf8').matchAll(/new Warning\(\s*"([^"]+)"/g)) codes.add(m[1]);
    // Four today (imports and non-el); fewer would mean the pattern no longer matches the sources.
    expect(codes.size).toBeGreaterThanOrEqual(4);
    for (const c of codes) expect(LOAD_WARNING_CODES).toContain(c);
  });

  it("reads the bridge's warnings into the union; an unknown code is 'other' with its message kept", () => {
    const got = bridgeWarnings([
      { code: 'non-el', message: '2 uses of constructs outside OWL 2 EL.', counts: { ObjectUnionOf: 2 } },
      { code: 'unresolved-import', message: 'The import X was not found.', iri: 'http://x/X' },
      { code: 'brand-new', message: 'Something a newer bridge says.' },
      { code: 'non-el', message: 'bad counts', counts: { a: 'x' } },
      { code: 'non-el' },
      null,
      'text',
    ]);
    expect(got).toEqual([
      { code: 'non-el', message: '2 uses of constructs outside OWL 2 EL.', counts: { ObjectUnionOf: 2 } },
      { code: 'unresolved-import', message: 'The import X was not found.', iri: 'http://x/X' },
      { code: 'other', message: 'Something a newer bridge says.' },
      { code: 'non-el', message: 'bad counts' },
    ]);
    for (const w of got) expect(LoadWarningSchema.safeParse(w).success).toBe(true);
    expect(bridgeWarnings(undefined)).toEqual([]);
    expect(bridgeWarnings({ code: 'non-el', message: 'x' })).toEqual([]);
  });

  it("the contract's schema takes each code of the union and refuses free text", () => {
    for (const code of LOAD_WARNING_CODES)
      expect(LoadWarningSchema.safeParse({ code, message: 'm' }).success).toBe(true);
    expect(LoadWarningSchema.safeParse({ code: 'Import not found', message: 'm' }).success).toBe(false);
    expect(LoadWarningSchema.safeParse({ code: 'non-el', message: '' }).success).toBe(false);
  });
});
