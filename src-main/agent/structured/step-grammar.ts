import type { AgentQuestion } from '../question';
import { gbnfLiteral, trieRules } from './gbnf';
import type { AgentVocabulary } from './vocabulary';

/**
 * The grammar of one structured ReAct step:
 *   {"thought": "…", "action": {"query": "<dialect query>"}}   or
 *   {"thought": "…", "answer": <the question's answer>}
 * The query string is itself the dialect (DESCRIBE / ASK / SELECT ?x|?o|?r / VALUES / EXPLAIN) with
 * quoted names, JSON-escaped, so every action a model writes under it parses. With a vocabulary, the
 * quoted names are drawn from it; without one they are free text and linking suggests close names.
 */
export interface StepGrammarOptions {
  question: AgentQuestion;
  /** null: names are free text. */
  vocabulary: AgentVocabulary | null;
  /** false on a step that must consult the ontology (the first one). */
  allowAnswer: boolean;
  /** false when no reasoner is attached to explain entailments. */
  allowExplain: boolean;
  /** Longest thought, in characters; keeps a rambling model from spending the budget there. */
  maxThoughtChars?: number;
  /**
   * Concept names not offered in the object slot (of ASK, EXPLAIN and ?x conditions): after a model
   * asked whether a concept is itself, it must relate that concept to something else.
   */
  excludeObjects?: readonly string[];
  /** Relation names not offered (after a repeat whose object could not be excluded). */
  excludeRelations?: readonly string[];
}

/** Characters of a free name or thought: no quote, backslash or control character, so no escapes are needed. */
const FREE_CHAR = '[^"\\\\\\x00-\\x1f\\x7f]';
const Q = gbnfLiteral('\\"');

export function stepGrammar(o: StepGrammarOptions): string {
  const thought = o.maxThoughtChars ?? 240;
  const lines = [
    `root ::= ${gbnfLiteral('{"thought": "')} thought ${gbnfLiteral('", ')} ${o.allowAnswer ? '( action | answer )' : 'action'} "}"`,
    `thought ::= ${FREE_CHAR}{0,${thought}}`,
    `action ::= ${gbnfLiteral('"action": {"query": "')} query ${gbnfLiteral('"}')}`,
    ...queryRules(o.allowExplain),
    ...nameRules(withoutRelations(o.vocabulary, o.excludeRelations ?? [])),
    ...objectRules(o.vocabulary, o.excludeObjects ?? []),
  ];
  if (o.allowAnswer)
    lines.push(`answer ::= ${gbnfLiteral('"answer": ')} ans`, ...answerRules(o.question, o.vocabulary));
  return lines.join('\n');
}

/** The grammar of the final answer object alone: {"answer": <answer>}. */
export function answerGrammar(question: AgentQuestion, vocabulary: AgentVocabulary | null): string {
  return [
    `root ::= ${gbnfLiteral('{"answer": ')} ans "}"`,
    ...answerRules(question, vocabulary),
    ...(question.kind === 'oq'
      ? nameRules(vocabulary).filter((l) => !l.startsWith('rname') && !l.startsWith('rel'))
      : []),
  ].join('\n');
}

function queryRules(allowExplain: boolean): string[] {
  const forms = ['describe', 'ask', 'selx', 'selo', 'selr', ...(allowExplain ? ['explain'] : [])];
  return [
    `query ::= ${forms.join(' | ')}`,
    `describe ::= "DESCRIBE " c`,
    `ask ::= "ASK { " c " " r " " co " }"`,
    `explain ::= "EXPLAIN { " c " " r " " co " }"`,
    `selx ::= "SELECT ?x WHERE { " vals? xc ( " . " xc ){0,3} " }"`,
    `vals ::= "VALUES ?x { " c ( " " c ){0,7} " } "`,
    `xc ::= "?x " r " " co`,
    `selo ::= "SELECT ?o WHERE { " c " " r " ?o }"`,
    `selr ::= "SELECT ?r WHERE { " c " ?r " c " }"`,
    `c ::= ${Q} cname ${Q}`,
    `r ::= ${Q} rname ${Q}`,
  ];
}

function withoutRelations(v: AgentVocabulary | null, exclude: readonly string[]): AgentVocabulary | null {
  if (!v || !exclude.length) return v;
  const left = v.relations.filter((r) => !exclude.includes(r));
  return left.length ? { concepts: v.concepts, relations: left } : v;
}

function objectRules(v: AgentVocabulary | null, exclude: readonly string[]): string[] {
  const left = v && exclude.length ? v.concepts.filter((n) => !exclude.includes(n)) : [];
  if (!left.length) return ['co ::= c'];
  return [`co ::= ${Q} oname-x ${Q}`, ...trieRules('oname-x', left)];
}

function nameRules(v: AgentVocabulary | null): string[] {
  if (!v) return [`cname ::= ${FREE_CHAR}{1,120}`, `rname ::= ${FREE_CHAR}{1,80}`];
  return [...trieRules('cname', v.concepts), ...trieRules('rname', v.relations)];
}

function answerRules(q: AgentQuestion, v: AgentVocabulary | null): string[] {
  const keys = (q.options ?? []).map((o) => gbnfLiteral(JSON.stringify(o.key)));
  const key = keys.length ? `( ${keys.join(' | ')} )` : '"\\"\\""';
  switch (q.kind) {
    case 'mcq':
      return [`ans ::= "[" ( ${key} ( ", " ${key} ){0,${Math.max(0, keys.length - 1)}} )? "]"`];
    case 'single':
      return [`ans ::= ${key}`];
    case 'oq':
      return [
        `ans ::= "[" ( oname ( ", " oname ){0,19} )? "]"`,
        `oname ::= "\\"" ${v ? 'cname' : `${FREE_CHAR}{1,120}`} "\\""`,
      ];
    case 'free':
      return [`ans ::= "\\"" ${FREE_CHAR}{1,600} "\\""`];
  }
}
