import { writeFileSync } from 'node:fs';
import { resourcePath } from '../../src-main/core/paths';

/** The bundled sample the items are about. */
export const CARDIO = resourcePath('samples', 'cardio.ofn');
const C = 'http://example.org/cardio#';

/** One MCQ item over the cardio sample, with options `keys` (the first one gold). */
export function cardioMcq(id: string, keys: [string, string] = ['A', 'B']): Record<string, unknown> {
  return {
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Viral myocarditis has finding site some ____ (${id.slice(0, 20)}).`,
    options: [
      { key: keys[0], iri: `${C}Heart`, name: 'heart' },
      { key: keys[1], iri: `${C}Lung`, name: 'lung' },
    ],
    gold: [keys[0]],
    slot: 'filler',
    axiom: { subject: `${C}ViralMyocarditis`, relation: `${C}hasFindingSite`, filler: `${C}Heart` },
    evidence: [],
  };
}

/** Writes a dataset of `n` such items (ids `q1`..`qn`): as large as a run needs, in a fraction of a second. */
export function writeCardioDataset(path: string, n: number, prefix = 'q', from = 1): string {
  const lines: string[] = [];
  for (let i = from; i < from + n; i++) lines.push(JSON.stringify(cardioMcq(`${prefix}${i}`)));
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}
