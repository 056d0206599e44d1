import { afterAll, beforeAll } from 'vitest';
import type { DumpRecord } from '../../src-main/ontology/dump/dump-types';
import type { QueryResult } from '../../src-main/query/query-types';
import { QueryService } from '../../src-main/query/exec/query-service';
import { handleFromDump } from './dump-fixture';

/** Queries over a fixture dump, open around the test file's tests (beforeAll/afterAll where it is called). */
export function queryFixture(records: () => DumpRecord[]): { query: (text: string) => Promise<QueryResult> } {
  let qs: QueryService | undefined;
  let cleanup = () => {};
  beforeAll(async () => {
    const fixture = await handleFromDump(records());
    cleanup = fixture.cleanup;
    qs = new QueryService(fixture.handle);
  });
  afterAll(() => cleanup());
  return {
    query: (text) => {
      if (!qs) throw new Error('the query fixture is used outside a test');
      return qs.run(text);
    },
  };
}
