import { describe, expect, it } from 'vitest';
import { clientName, pickByName } from '../../../src-main/ontology/open-ontology-names';
import { codeOfSync } from '../../support/error-code';

const file = (path: string, name = '') => ({ path, summary: { file: name } });

describe('clientName', () => {
  it("is the loaded file's name, else the path's last part", () => {
    expect(clientName(file('/x/pizza.owl', 'pizza.owl'), () => false)).toBe('pizza.owl');
    expect(clientName(file('/x/y/go.ofn'), () => false)).toBe('go.ofn');
  });

  it('gives a later file of a taken name the next free #n, from its path', () => {
    const taken = new Set(['pizza.owl', 'pizza.owl#2']);
    expect(clientName(file('/b/pizza.owl', 'pizza.owl'), (n) => taken.has(n))).toBe('pizza.owl#3');
    expect(clientName(file('/b/pizza.owl', 'pizza.owl'), (n) => n === 'pizza.owl')).toBe('pizza.owl#2');
  });
});

describe('pickByName', () => {
  const served = [{ name: 'pizza.owl' }, { name: 'pizza' }, { name: 'go-nucleus.ofn' }, { name: 'go-nucleus.ofn#2' }];

  it('matches a name exactly before a stem, in any case, with spaces trimmed', () => {
    expect(pickByName(served, 'PIZZA.OWL')).toBe(served[0]);
    expect(pickByName(served, 'pizza')).toBe(served[1]);
    expect(pickByName(served, '  Go-Nucleus ')).toBe(served[2]);
    expect(pickByName(served, 'go-nucleus.ofn#2')).toBe(served[3]);
  });

  it('may leave the name out only when one ontology is served', () => {
    expect(pickByName([served[2]], undefined)).toBe(served[2]);
    expect(pickByName([served[2]], '  ')).toBe(served[2]);
    expect(codeOfSync(() => pickByName(served, undefined))).toBe('usage');
    expect(codeOfSync(() => pickByName([], ''))).toBe('usage');
    expect(() => pickByName(served.slice(2), undefined)).toThrow(
      '2 ontologies are loaded; say which one with "ontology": one of "go-nucleus.ofn", "go-nucleus.ofn#2".',
    );
  });

  it('names the served ones when the name is unknown', () => {
    expect(codeOfSync(() => pickByName(served, 'snomed'))).toBe('unknown-ontology');
    expect(() => pickByName(served.slice(0, 1), 'snomed')).toThrow(
      'No ontology "snomed" is loaded; the loaded ones are "pizza.owl".',
    );
  });
});
