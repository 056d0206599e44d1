import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runArgs } from '../../../src-main/cli/run-args';
import { Container } from '../../../src-main/container';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';

let h: OntologyHandle;
let cleanup: () => void;
let c: Container;
const dir = tempDir('oarag-ask-checked-');

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {} });
  c.start();
  c.ontologies.open = async () => h;
});
afterAll(async () => {
  await c.stop();
  cleanup();
  dir.cleanup();
});

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), isTTY: false, env: {}, cwd: dir.path };
  const code = await runArgs(args, io, c);
  return { code, out, err };
}

const FALSE = 'No, the myocardium is part of the heart valve.';

describe('oarag ask: the reasoner check beside the claim', () => {
  it('prints and stores the checked level; a claimed "entailed" over a NOT ENTAILED observation stays a claim', async () => {
    writeFileSync(join(dir.path, 'false.json'), JSON.stringify([
      `Thought: guess.\n{"answer": ${JSON.stringify(FALSE)}}`,
      'Thought: check it\nAction: query(ASK { "myocardium" "part of" "heart valve" })',
      `Thought: I now know the answer\nAnswer: {"answer": ${JSON.stringify(FALSE)}}`,
      `{"answer": ${JSON.stringify(FALSE)}}`,
      '{"evidence": ["E1"], "grounding": "entailed"}',
    ]));
    const r = await cli(['ask', '--ontology', 'x.ofn', '--model', `scripted:${join(dir.path, 'false.json')}`, '--kind', 'free', 'Is the myocardium part of the heart valve?']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Grounding (checked by the reasoner): unchecked');
    expect(r.out).toContain('Grounding (claimed by the model): entailed');
    const [row] = c.history.list();
    expect(row).toMatchObject({ grounding: 'entailed', checked: 'unchecked' });

    const j = await cli(['ask', '--ontology', 'x.ofn', '--model', `scripted:${join(dir.path, 'false.json')}`, '--kind', 'free', '--json', '--no-history', 'Is the myocardium part of the heart valve?']);
    expect(j.code, j.err).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ grounding: 'entailed', checked: { level: 'unchecked' } });
  });
});
