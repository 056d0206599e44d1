/**
 * A check against a class ELK reads only in part, with the real JVM: "vegetarian pizza" is defined by
 * a universal restriction, which ELK ignores, so its NOT ENTAILED for Margherita is ELK's blind spot
 * and the answer is unchecked, not wrong. A relation ELK reads whole is still checked.
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
  it('a chosen option ELK cannot entail because of a universal is unchecked, with the classes named', async () => {
    onto = file('pizza.ofn', ONTOLOGY);
    const out = await ask('Which of these is a vegetarian pizza?', ['margherita', 'hawaiian'], ['A']);
    expect(out.checked.statement).toBe('? — is a — vegetarian pizza');
    expect(out.checked.options.map((o: { verdict: string }) => o.verdict)).toEqual(['NOT ENTAILED', 'NOT ENTAILED']);
    expect(out.checked.options[0].outsideEl).toEqual(expect.arrayContaining(['margherita', 'vegetarian pizza']));
    expect(out.checked.level).toBe('unchecked');
    expect(out.checked.reason).toContain('outside OWL 2 EL');
  });

  it('an existential over classes in EL axioms only is still checked where ELK decides', async () => {
    const wrong = await ask('Which of these has topping ham topping?', ['margherita', 'hawaiian'], ['A']);
    // Margherita's universal puts it among the classes ELK reads in part, so its NOT ENTAILED is unchecked;
    // Hawaiian is entailed, and leaving it out is a disagreement whatever else ELK cannot see.
    expect(wrong.checked.level).toBe('not-entailed');
    expect(wrong.checked.failed).toEqual(['B']);
    // Choosing Hawaiian alone leaves out Margherita, which ELK cannot rule out: not entailed, but not wrong.
    const right = await ask('Which of these has topping ham topping?', ['margherita', 'hawaiian'], ['B']);
    expect(right.checked.level).toBe('unchecked');
    expect(right.checked.reason).toContain('Option A was left out, but the reasoner cannot rule it out');
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
