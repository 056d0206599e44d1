/** DL queries through the real bridge on pizza.owl: ELK answers EL expressions; others say they need a DL reasoner. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDlQuery, type ReasonerAnswer } from '../../../src-main/query/dl/dl-query';
import { QueryService } from '../../../src-main/query/exec/query-service';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { StatedService } from '../../../src-main/ontology/stated/stated-service';
import { useOntologyService } from '../../support/ontology-service';
import { sharedOntologiesDir } from '../../../src-main/core/paths';

const PIZZA = join(sharedOntologiesDir(), 'pizza.owl');

describe.skipIf(!existsSync(PIZZA))('DL query over pizza.owl with ELK', () => {
  const service = useOntologyService();
  const stated = new StatedService({
    bridgeFor: (h, s) => service.bridgeHolding(h, s),
    explain: (h, a, r, b, s) => service.explain(h, a, r, b, s),
  });
  let h: OntologyHandle;
  const ask = async (expression: string) => {
    h ??= await service.open(PIZZA);
    return runDlQuery(h, expression, {
      names: new QueryService(h).names,
      elk: (resolved) => stated.request<ReasonerAnswer>(h, 'dlQuery', { expression: resolved }),
    });
  };
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);

  it('Pizza and hasTopping some MeatTopping: MeatyPizza is equivalent, American among its subclasses', async () => {
    const r = await ask('Pizza and hasTopping some MeatTopping');
    expect(r.reasoner).toBe('elk');
    expect(r.satisfiable).toBe(true);
    expect(names(r.equivalents)).toEqual(['MeatyPizza']);
    expect(names(r.subclasses)).toContain('American');
    expect(names(r.subclasses)).not.toContain('Margherita');
    expect(names(r.superclasses)).toContain('Pizza');
    expect(r.resolved).toMatch(/^<http:\/\/www\.co-ode\.org\/ontologies\/pizza\/pizza\.owl#Pizza> and </);
  });

  it('an unsatisfiable expression says so', async () => {
    const r = await ask('IceCream');
    expect(r.satisfiable).toBe(false);
  });

  it('an expression outside EL says it needs a DL reasoner; unknown names and bad syntax are clear errors', async () => {
    await expect(ask('Pizza and not (hasTopping some MeatTopping)')).rejects.toMatchObject({
      code: 'needs-dl-reasoner',
      message: expect.stringMatching(/needs a DL reasoner/),
    });
    await expect(ask('Pizza and hasTopping some MeatToping')).rejects.toMatchObject({
      code: 'unknown-name',
      message: expect.stringMatching(/MeatTopping/),
    });
    await expect(ask('Pizza and (hasTopping some MeatTopping')).rejects.toMatchObject({ code: 'manchester-syntax' });
  });
});
