import { describe, expect, it } from 'vitest';
import { manchesterName, nameManchester } from '../../../../src-main/ontology/stated/manchester-names';

const A = 'http://ex.org/A';
const R = 'http://ex.org/hasPart';
const names: Record<string, string> = { [A]: 'cell nucleus', [R]: 'has part' };

describe('Manchester syntax with names', () => {
  it('quotes a name that is not one word, or is a keyword, as Protégé does', () => {
    expect(manchesterName('Pizza')).toBe('Pizza');
    expect(manchesterName('GO:0005634')).toBe('GO:0005634');
    expect(manchesterName('owl:Thing')).toBe('owl:Thing');
    expect(manchesterName('cell nucleus')).toBe("'cell nucleus'");
    expect(manchesterName("Crick's body")).toBe("'Crick\\'s body'");
    expect(manchesterName('some')).toBe("'some'");
  });

  it('names the listed entities, links them, and leaves literals and unlisted <…> alone', () => {
    const text = `<${A}> SubClassOf <${R}> some <${A}> and comment value "a <${A}> \\" b" and <urn:x>`;
    const r = nameManchester(text, [A, R], (iri) => ({ name: names[iri], kind: iri === A ? 'class' : 'property' }));
    expect(r.manchester).toBe(
      `'cell nucleus' SubClassOf 'has part' some 'cell nucleus' and comment value "a <${A}> \\" b" and <urn:x>`,
    );
    expect(r.segments.slice(0, 4)).toEqual([
      { iri: A, name: 'cell nucleus', kind: 'class' },
      { text: ' SubClassOf ' },
      { iri: R, name: 'has part', kind: 'property' },
      { text: ' some ' },
    ]);
    expect(r.segments[r.segments.length - 1]).toEqual({ text: ` and comment value "a <${A}> \\" b" and <urn:x>` });
  });

  it('survives an unclosed bracket or quote', () => {
    expect(nameManchester('<http://ex.org/A', [A], () => ({ name: 'x', kind: 'class' })).manchester).toBe(
      '<http://ex.org/A',
    );
    expect(nameManchester('"open <' + A + '>', [A], () => ({ name: 'x', kind: 'class' })).segments).toEqual([
      { text: '"open <' + A + '>' },
    ]);
  });
});
