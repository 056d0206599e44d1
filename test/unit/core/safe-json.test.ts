import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src-main/datasets/generate/dataset';
import { describeJsonError } from '../../../src-main/core/safe-json';
import { tempDir } from '../../support/temp-dir';

/** Issue #12 defect 8: errors quoted the start of any readable file ("root:*:202…" from /etc/shadow). */
describe('errors about JSON never echo the text', () => {
  const SECRET = 'root:SECRETXYZ:19000:0:99999:7:::';
  const cases = [
    SECRET,
    `{"a": ${SECRET}}`,
    `{${SECRET}`,
    `["x" ${SECRET}]`,
    `"${SECRET}`,
    `{"a":1} ${SECRET}`,
    '{"a":',
    `"\u0001${SECRET}"`,
  ];

  it.each(cases)('describes %j without its content', (text) => {
    let err: unknown;
    try {
      JSON.parse(text);
    } catch (e) {
      err = e;
    }
    const d = describeJsonError(err);
    expect(d).not.toMatch(/SECRET|root/);
    expect(d.length).toBeGreaterThan(5);
  });

  it('a dataset that is another kind of file is named with its line and the kind of problem only', () => {
    const dir = tempDir();
    try {
      const f = join(dir.path, 'shadow');
      writeFileSync(f, `${SECRET}\ndaemon:*:19000:0:99999:7:::\n`);
      expect(() => loadDataset(f)).toThrow(/shadow line 1 is not valid JSON \(an unexpected character/);
      let msg = '';
      try {
        loadDataset(f);
      } catch (e) {
        msg = (e as Error).message;
      }
      expect(msg).not.toMatch(/SECRET|root/);
    } finally {
      dir.cleanup();
    }
  });
});
