import type { Condition, DialectQuery } from './ast';
import { fail, snippet } from './errors';
import type { HintTopic } from './help';
import type { Term, Triple } from './parse-group';

function termText(term: Term): string {
  return term.kind === 'var' ? `?${term.value}` : snippet(term.value);
}

/** Decides which SELECT form the conditions make, or fails. */
export function classifySelect(
  selected: string,
  triples: readonly Triple[],
  values: string[] | undefined,
): DialectQuery {
  if (triples.length === 0) fail(`SELECT ?${selected} has no conditions; add at least one inside WHERE { }.`, 'select');
  const positions: number[] = [];
  for (const triple of triples) {
    let position = -1;
    for (let k = 0; k < 3; k++) {
      const term = triple[k];
      if (term.kind !== 'var') continue;
      if (term.value !== selected) {
        fail(`The variable ?${term.value} is not the selected ?${selected}; use only ?${selected}.`, 'select');
      }
      if (position >= 0) {
        fail(
          `The condition ${triple.map(termText).join(' ')} uses ?${selected} twice; it may appear once per condition.`,
          'select',
        );
      }
      position = k;
    }
    if (position < 0) {
      fail(
        `The condition ${triple.map(termText).join(' ')} does not mention ?${selected}; check fixed statements with ASK.`,
        'select',
      );
    }
    positions.push(position);
  }
  const kind = positions[0];
  if (positions.some((p) => p !== kind)) {
    fail(
      `All conditions must have ?${selected} in the same place; a search for fillers or relations takes one condition.`,
      'select',
    );
  }
  if (kind === 0) {
    const conditions: Condition[] = triples.map(([, relation, filler]) => ({
      relation: relation.value,
      filler: filler.value,
    }));
    return values === undefined
      ? { form: 'select-subjects', variable: selected, conditions }
      : { form: 'select-subjects', variable: selected, conditions, values };
  }
  const topic: HintTopic = kind === 1 ? 'select-relations' : 'select-fillers';
  if (values !== undefined) {
    fail(
      `VALUES is only allowed when every condition starts with ?${selected}, like ?${selected} "relation" "object".`,
      topic,
    );
  }
  if (triples.length > 1) {
    fail(
      `This SELECT form takes exactly one condition but found ${triples.length}; send one query per condition.`,
      topic,
    );
  }
  const [subject, relation, filler] = triples[0];
  return kind === 1
    ? { form: 'select-relations', subject: subject.value, filler: filler.value }
    : { form: 'select-fillers', subject: subject.value, relation: relation.value };
}
