import { z } from 'zod';
import { DEFAULT_DIALECT_LIMITS } from '../query/dialect';
import { overviewText, relatedOverview } from './related';
import { name, relation, readOnly, strictArgs, type ToolKit } from './tool-args';
import { guarded, queryStructured, textResult } from './tool-result';

/** describe, ask and select: the dialect's own forms, their parts given as arguments. */
export function registerConceptTools({ server, set, ontology, run }: ToolKit): void {
  server.registerTool(
    'describe',
    {
      title: 'Describe a concept',
      description:
        "The ontology's record of one concept: its definition, parents, children, stated relations, synonyms and other annotations. " +
        'Also describes a relation (its super- and sub-relations). Use it to read what the ontology says about a name before reasoning with it.',
      inputSchema: strictArgs({ name: name('The concept or relation'), ontology }),
      annotations: readOnly,
    },
    ({ name: n, ontology: id }) => guarded(() => run(set.pick(id), { form: 'describe', name: n })),
  );

  server.registerTool(
    'ask',
    {
      title: 'Check one statement',
      description:
        'Is "every <subject> is related by <relation> to some <object>" entailed by the ontology (with inheritance, sub-relations and the reasoner\'s closure)? ' +
        'With relation "is a" it checks classification (subject is a kind of object). Verdicts: ENTAILED (proven), CONTRADICTED (the ontology proves it false: nothing can be so related), ' +
        'NOT ENTAILED (neither, said only where the reasoner is complete) or UNKNOWN (no reasoner settled it in time; unknownReason says why). ' +
        "`reasoner` names who decided: elk, or dl (a DL reasoner on the statement's module).",
      inputSchema: strictArgs(statementInput(ontology)),
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(() => run(set.pick(id), { form: 'ask', subject, relation: r, filler: object })),
  );

  server.registerTool(
    'select',
    {
      title: 'Concepts meeting all conditions',
      description:
        'Lists every concept x that meets ALL the conditions "x <relation> some <object>" (use relation "is a" to stay within a branch), most specific first, with the total count. ' +
        'Give "values" to test only those candidate names instead: one verdict (ENTAILED / CONTRADICTED / NOT ENTAILED / UNKNOWN / UNKNOWN NAME) per candidate. ' +
        'When nothing is entailed, a few text-search matches are offered, marked as not verified.',
      inputSchema: strictArgs({
        conditions: z
          .array(z.object({ relation: relation('The relation'), object: name('The object concept') }).strict())
          .min(1)
          .max(DEFAULT_DIALECT_LIMITS.maxConditions)
          .describe('The conditions, all of which must hold'),
        values: z
          .array(name('A candidate concept'))
          .min(1)
          .max(DEFAULT_DIALECT_LIMITS.maxValues)
          .optional()
          .describe('Optional candidates to check one by one instead of listing every match'),
        ontology,
      }),
      annotations: readOnly,
    },
    ({ conditions, values, ontology: id }) =>
      guarded(() =>
        run(set.pick(id), {
          form: 'select-subjects',
          variable: 'x',
          conditions: conditions.map((c) => ({ relation: c.relation, filler: c.object })),
          ...(values ? { values } : {}),
        }),
      ),
  );
}

/** related (the relations and objects of a subject, in whichever direction is asked) and explain. */
export function registerRelationTools({ server, set, ontology, run }: ToolKit): void {
  server.registerTool(
    'related',
    {
      title: 'What a concept is related to',
      description:
        'With "relation": every concept the subject is related to by that relation (SELECT ?o), e.g. all its "part of" wholes, or all its superclasses with "is a". ' +
        'With "object": every relation that holds from the subject to that object (SELECT ?r). ' +
        'With neither: an overview of each relation the subject states or inherits, with its objects. With both: the ask verdict.',
      inputSchema: strictArgs({
        subject: name('The subject concept'),
        relation: relation('Optional relation').optional(),
        object: name('Optional object concept').optional(),
        ontology,
      }),
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(async () => {
        const o = set.pick(id);
        if (r !== undefined && object !== undefined)
          return run(o, { form: 'ask', subject, relation: r, filler: object });
        if (r !== undefined) return run(o, { form: 'select-fillers', subject, relation: r });
        if (object !== undefined) return run(o, { form: 'select-relations', subject, filler: object });
        const linked = o.query.names.linkConcept(subject);
        // The query service words the UNKNOWN NAME answer, with its suggestions.
        if (linked.status !== 'ok') return run(o, { form: 'select-fillers', subject, relation: 'is a' });
        const v = await relatedOverview(o, linked.entity.iri, subject);
        return textResult(overviewText(v), {
          ontology: o.id,
          subject: v.subject,
          omitted: v.omitted,
          relations: v.byRelation.map((b) => ({ relation: b.relation, ...queryStructured(o.id, b.result) })),
        });
      }),
  );

  server.registerTool(
    'explain',
    {
      title: 'Why a statement holds',
      description:
        'The axioms of the ontology that an ENTAILED statement "every <subject> is related by <relation> to some <object>" follows from (a justification found by the ELK reasoner), or for a CONTRADICTED one the axioms that make it impossible. ' +
        'The first call on an ontology starts the reasoner and can take some seconds.',
      inputSchema: strictArgs(statementInput(ontology)),
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(() => run(set.pick(id), { form: 'explain', subject, relation: r, filler: object })),
  );
}

/** The arguments of the tools about one statement (ask, explain): subject, relation, object. */
function statementInput<O extends z.ZodTypeAny>(ontology: O) {
  return {
    subject: name('The subject concept'),
    relation: relation('The relation'),
    object: name('The object concept'),
    ontology,
  };
}
