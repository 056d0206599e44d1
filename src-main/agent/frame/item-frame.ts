import type { FrameReading, FrameTerm } from './frame-types';

/** The parts of a dataset item that decide it (datasets/dataset-types.ts), as the frame reads them. */
export type FramedItem =
  | {
      kind: 'mcq';
      slot: 'subject' | 'relation' | 'filler';
      axiom: { subject: string; relation: string; filler: string };
      options: { key: string; iri: string; name: string }[];
    }
  | { kind: 'oq'; root: string | null; conditions: { relation: string; filler: string }[] };

/**
 * A dataset item's frame is its own statement, by IRI: nothing is inferred from its wording, so a
 * reviewer's re-wording of the question or the options never changes what is checked.
 * `nameOf` gives the ontology's name for an IRI, or null when the ontology does not have it.
 */
export function itemFrame(item: FramedItem, nameOf: (iri: string) => string | null): FrameReading {
  const missing: string[] = [];
  const term = (iri: string, from?: string): FrameTerm | null => {
    const name = nameOf(iri);
    if (name === null) {
      missing.push(iri);
      return null;
    }
    return { iri, name, from: from ?? name };
  };
  if (item.kind === 'mcq') {
    const fixed = (place: 'subject' | 'relation' | 'filler') => (item.slot === place ? null : term(item.axiom[place]));
    const frame = {
      kind: 'choice' as const,
      slot: item.slot,
      subject: fixed('subject'),
      relation: fixed('relation'),
      filler: fixed('filler'),
      options: item.options.map((o) => ({ key: o.key, text: o.name, term: term(o.iri, o.name) })),
      source: 'item' as const,
      confidence: 1,
    };
    const fixedMissing = (['subject', 'relation', 'filler'] as const).some((p) => p !== item.slot && frame[p] === null);
    if (fixedMissing)
      return {
        frame: null,
        reason: `The item's statement names ${missing.join(', ')}, which this ontology does not have.`,
      };
    return {
      frame,
      reason: `The item's own statement${missing.length ? ` (${missing.length} option IRIs are not in this ontology)` : ''}.`,
    };
  }
  const root = item.root === null ? null : term(item.root);
  const conditions = item.conditions.map((c) => ({ relation: term(c.relation), filler: term(c.filler) }));
  if (missing.length)
    return {
      frame: null,
      reason: `The item's conditions name ${missing.join(', ')}, which this ontology does not have.`,
    };
  return {
    frame: {
      kind: 'open',
      root,
      conditions: conditions.map((c) => ({ relation: c.relation!, filler: c.filler! })),
      source: 'item',
      confidence: 1,
    },
    reason: "The item's own conditions.",
  };
}
