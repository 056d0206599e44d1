/**
 * A check against a class ELK reads only in part, with the real JVM: "vegetarian pizza" is defined by
 * a universal restriction, which ELK ignores, so ELK's NOT ENTAILED for Margherita would be a blind
 * spot; the DL reasoner on the statement's module decides it. An import that could not be loaded
 * leaves a NOT ENTAILED open, and the check names it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';

const h = cliHarness('oarag-outside-el-');

const ONTOLOGY = `Prefix(:=<http://example.org/pz#>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Ontology(<http://example.org/pz>
Declaration(ObjectProperty(:hasTopping))
AnnotationAssertion(rdfs:label :hasTopping "has topping")
${['Pizza', 'VegetarianPizza', 'Margherita', 'Hawaiian', 'Topping', 'VegetableTopping', 'TomatoTopping', 'HamTopping']
  .map(
    (c) =>
      `Declaration(Class(:${c}))\nAnnotationAssertion(rdfs:label :${c} "${c.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}")`,
  )
  .join('\n')}
EquivalentClasses(:VegetarianPizza ObjectIntersectionOf(:Pizza ObjectAllValuesFrom(:hasTopping :VegetableTopping)))
SubClassOf(:Margherita :Pizza)
SubClassOf(:Margherita ObjectAllValuesFrom(:hasTopping :VegetableTopping))
SubClassOf(:Margherita ObjectSomeValuesFrom(:hasTopping :TomatoTopping))
SubClassOf(:Hawaiian :Pizza)
SubClassOf(:Hawaiian ObjectSomeValuesFrom(:hasTopping :HamTopping))
SubClassOf(:TomatoTopping :VegetableTopping)
SubClassOf(:VegetableTopping :Topping)
SubClassOf(:HamTopping :Topping)
)
`;

function file(name: string, content: unknown): string {
  const p = join(h.dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

/** `oarag ask --item` with a scripted model that answers `answer` at once. */
async function ask(question: string, options: string[], answer: string[]) {
  const a = JSON.stringify({ answer });
  const model = file(`m-${answer.join('')}.json`, [
    `Thought: a guess.\n${a}`,
    `Thought: I now know the answer\nAnswer: ${a}`,
    a,
    '{"evidence": [], "grounding": "entailed"}',
  ]);
  const item = file('q.json', { kind: 'mcq', question, options: options.map((name, i) => ({ key: 'AB'[i], name })) });
  const r = await h.cli([
    'ask',
    '--ontology',
    onto,
    '--model',
    `scripted:${model}`,
    '--item',
    item,
    '--json',
    '--no-history',
  ]);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

let onto = '';

describe('checks against classes ELK reads only in part', () => {
  it('a statement ELK cannot entail because of a universal is decided by the DL reasoner on its module', async () => {
    onto = file('pizza.ofn', ONTOLOGY);
    const out = await ask('Which of these is a vegetarian pizza?', ['margherita', 'hawaiian'], ['A']);
    expect(out.checked.statement).toBe('? — is a — vegetarian pizza');
    // ELK alone says NOT ENTAILED for Margherita (the universal is outside EL); HermiT on the module entails it.
    expect(out.checked.options.map((o: { verdict: string }) => o.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED']);
    expect(out.checked.options.map((o: { reasoner: string }) => o.reasoner)).toEqual(['dl', 'dl']);
    expect(out.checked.options[0].outsideEl).toBeUndefined();
    expect(out.checked.level).toBe('entailed');
  });

  it('an existential next to a universal: every option decided, so a wrong pick and a right one are told apart', async () => {
    const wrong = await ask('Which of these has topping ham topping?', ['margherita', 'hawaiian'], ['A']);
    // Margherita's universal once left its NOT ENTAILED open; the DL reasoner settles it, and leaving out
    // the entailed Hawaiian is a disagreement.
    expect(wrong.checked.level).toBe('not-entailed');
    expect(wrong.checked.failed).toEqual(['A', 'B']);
    const right = await ask('Which of these has topping ham topping?', ['margherita', 'hawaiian'], ['B']);
    expect(right.checked.options.map((o: { verdict: string }) => o.verdict)).toEqual(['NOT ENTAILED', 'ENTAILED']);
    expect(right.checked.level).toBe('entailed');
  });

  it('an import the load could not read leaves a NOT ENTAILED unchecked, naming it', async () => {
    onto = file(
      'pizza-import.ofn',
      ONTOLOGY.replace(
        'Ontology(<http://example.org/pz>',
        'Ontology(<http://example.org/pz2>\nImport(<http://example.org/not-here.owl>)',
      ),
    );
    const out = await ask('Which of these has topping ham topping?', ['margherita', 'hawaiian'], ['A', 'B']);
    expect(out.checked.level).toBe('unchecked');
    expect(out.checked.reason).toContain(
      'the ontology imports http://example.org/not-here.owl, which could not be loaded',
    );
  });
});
