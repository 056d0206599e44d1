import { describe, expect, it } from 'vitest';
import { ontologyLabels } from '../../../src-renderer/util/ontology-labels';

const o = (path: string, title: string | null) => ({ id: path, path, summary: { title } });

describe('ontologyLabels', () => {
  it('uses the title alone while it is unique, and the file name when there is none', () => {
    expect(ontologyLabels([o('/s/po.obo', 'Plant Ontology'), o('/s/go.owl', ''), o('/s/x.owl', null)])).toEqual({
      '/s/po.obo': 'Plant Ontology',
      '/s/go.owl': 'go.owl',
      '/s/x.owl': 'x.owl',
    });
  });

  it('adds the file name when titles collide (po.obo and its Test-2 revision)', () => {
    const l = ontologyLabels([
      o('/s/po.obo', 'Plant Ontology'),
      o('/data/revisions/po.test2.obo', 'Plant Ontology'),
      o('/s/go.owl', 'Gene Ontology'),
    ]);
    expect(l).toEqual({
      '/s/po.obo': 'Plant Ontology (po.obo)',
      '/data/revisions/po.test2.obo': 'Plant Ontology (po.test2.obo)',
      '/s/go.owl': 'Gene Ontology',
    });
  });

  it('adds folders until same-named files in different folders differ', () => {
    const l = ontologyLabels([o('/r/v1/po.obo', 'PO'), o('/r/v2/po.obo', 'PO'), o('/q/v2/po.obo', 'PO')]);
    expect(l).toEqual({
      '/r/v1/po.obo': 'PO (r/v1/po.obo)',
      '/r/v2/po.obo': 'PO (r/v2/po.obo)',
      '/q/v2/po.obo': 'PO (q/v2/po.obo)',
    });
    expect(ontologyLabels([o('/a/po.obo', ''), o('/b/po.obo', '')])).toEqual({
      '/a/po.obo': 'po.obo (a/po.obo)',
      '/b/po.obo': 'po.obo (b/po.obo)',
    });
  });
});
