import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot, sharedOntologiesDir } from '../../../src-main/core/paths';

describe('sharedOntologiesDir', () => {
  it('reads OARAG_ONTOLOGIES, else ../shared/ontologies beside the app folder', () => {
    expect(sharedOntologiesDir({ OARAG_ONTOLOGIES: 'rel/onts' })).toBe(resolve('rel/onts'));
    expect(sharedOntologiesDir({})).toBe(resolve(join(appRoot(), '..', 'shared', 'ontologies')));
  });
});
