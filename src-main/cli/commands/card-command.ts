import { errorMessage, UserError } from '../../core/errors';
import type { CommandSpec } from '../command-spec';
import { openOntology, printJson, requireString } from './shared';
import { statedInferredText } from './stated-text';

export const cardCommand: CommandSpec = {
  name: 'card',
  summary:
    'Print the concept card of a class given by name, synonym, CURIE or IRI, then its parents and links marked stated or inferred.',
  usage: 'oarag card <name-or-CURIE-or-IRI> --ontology <file> [--json]',
  options: { ontology: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx) {
    const name = ctx.positionals.join(' ').trim();
    if (!name) throw new UserError('usage', 'give a class name, CURIE or IRI.');
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    let hits = h.lookup(name, 'class');
    // A class's own ID wins over the same ID kept as another class's alternative ID: GO:0005636 is both
    // a merged term (obsolete, its card says what replaced it) and an alt_id of nuclear envelope.
    const own = hits.filter((x) => x.matchKind === 'id' || x.matchKind === 'iri');
    if (hits.length > 1 && own.length === 1) hits = own;
    if (hits.length === 0) {
      throw new UserError('unknown-name', `no class is named "${name}" in ${h.summary.file}.`);
    }
    if (hits.length > 1) {
      const list = hits
        .slice(0, 10)
        .map((x) => `  ${x.name} <${x.iri}>`)
        .join('\n');
      throw new UserError(
        'ambiguous-name',
        `"${name}" names ${hits.length} classes; give one of these IRIs instead:\n${list}`,
      );
    }
    const card = h.card(hits[0].iri);
    if (!card) throw new UserError('unknown-name', `no card for ${hits[0].iri}.`);
    // The stated axioms are read by the reasoner's bridge; the card itself never needs it.
    let stated;
    let why = '';
    try {
      stated = await ctx.container.stated.statedInferred(h, card.iri, ctx.io.signal);
    } catch (e) {
      why = errorMessage(e);
    }
    if (ctx.values.json) {
      const { unsatisfiable: _u, ...rest } = card;
      printJson(ctx, { ...rest, statedInferred: stated ?? null });
    } else {
      const second = stated ? statedInferredText(stated) : `stated and inferred: not available (${why})`;
      ctx.io.stdout(`${card.text}\n\n${second}\n`);
    }
    return 0;
  },
};
