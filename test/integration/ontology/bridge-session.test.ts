/**
 * The bridge's session holds one file at a time. The service keeps track of which, so an explanation
 * is asked of the ontology it is about, whatever was loaded into the bridge since (here a Test 2
 * revision of another file that opened warm, or the same file's other content); an explanation that
 * would have to read a file changed since its load is refused; and closing the ontology a session
 * holds (the loading one or the explanations' one) stops that JVM, so its memory goes back to the system.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reviseOntology } from '../../../src-main/datasets/revise/revise-service';
import { useOntologyWorkspace } from '../../support/ontology-service';

const ROOT = resolve(__dirname, '..', '..', '..');
const CARDIO = join(ROOT, 'resources', 'samples', 'cardio.ofn');
const ANATOMY = join(ROOT, 'test', 'fixtures', 'el', 'anatomy.ofn');
const EX = 'http://example.org/cardio#';

describe('the bridge session', () => {
  const { service, dir } = useOntologyWorkspace('oarag-session-');

  it('explains in the ontology asked about after a revision loaded another file into the bridge', async () => {
    const cardio = join(dir, 'cardio.ofn');
    const anatomy = join(dir, 'anatomy.ofn');
    copyFileSync(CARDIO, cardio);
    copyFileSync(ANATOMY, anatomy);
    service.close(await service.open(anatomy));
    const h = await service.open(cardio);
    await reviseOntology(service, anatomy, { outDir: join(dir, 'revised') });
    const ex = await service.explain(h, `${EX}Myocarditis`, null, `${EX}InflammatoryDisorder`);
    expect(ex.entailed).toBe(true);
    expect(ex.axioms.map((a) => a.functional).join('\n')).toContain('Myocarditis');
  });

  it('stops the JVM when the ontology its session holds is closed, and starts one again when needed', async () => {
    const cardio = join(dir, 'cardio.ofn');
    const h = await service.open(cardio);
    await service.explain(h, `${EX}Myocarditis`, null, `${EX}InflammatoryDisorder`);
    // Explanations run in a JVM of their own (ExplainWorker), which now holds cardio.
    expect(service.explainer.bridge.running).toBe(true);
    service.close(h);
    await service.idle();
    expect(service.explainer.bridge.running).toBe(false);
    const again = await service.open(cardio);
    const ex = await service.explain(again, `${EX}Myocarditis`, null, `${EX}InflammatoryDisorder`);
    expect(ex.entailed).toBe(true);
  });

  it('explains a file reverted to its earlier content from that content, and refuses one changed since its load', async () => {
    const file = join(dir, 'edited.ofn');
    copyFileSync(CARDIO, file);
    const original = readFileSync(file, 'utf8');
    const first = await service.open(file);
    // A new parent for Myocarditis: the reload's session holds the edited content.
    writeFileSync(file, original.replace(/\)\s*$/, `SubClassOf(<${EX}Myocarditis> <${EX}Heart>)\n)\n`));
    const edited = await service.open(file);
    expect(edited).not.toBe(first);
    expect((await service.explain(edited, `${EX}Myocarditis`, null, `${EX}Heart`)).entailed).toBe(true);
    // Back to the original bytes: a warm open of the first cache, whose content the session no longer holds.
    writeFileSync(file, original);
    const reverted = await service.open(file);
    // The same bytes as cardio.ofn, which is open too: still an ontology of its own path.
    expect(reverted.path).toBe(file);
    expect((await service.explain(reverted, `${EX}Myocarditis`, null, `${EX}Heart`)).entailed).toBe(false);
    // Edited again but not reloaded, with the session holding another file: the reasoner would read new axioms.
    const anatomy = await service.open(join(dir, 'anatomy.ofn'));
    const AN = 'http://example.org/el/anatomy#';
    expect((await service.explain(anatomy, `${AN}Body`, null, `${AN}MaterialAnatomicalEntity`)).entailed).toBe(true);
    writeFileSync(file, original.replace(/\)\s*$/, `SubClassOf(<${EX}Myocarditis> <${EX}Heart>)\n)\n`));
    await expect(service.explain(reverted, `${EX}Myocarditis`, null, `${EX}Heart`)).rejects.toMatchObject({
      code: 'file-changed',
    });
  });
});
