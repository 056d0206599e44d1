import type { OntologyHandle } from '../../ontology/ontology-handle';
import { ClosureFacts } from '../../query/exec/closure-facts';
import type { NameLinker } from '../../query/linking/name-linker';
import type { StatementDecider } from '../../query/verdicts/statement-decider';
import type { CheckDeps } from './check-deps';
import { handleLexicon } from './handle-lexicon';
import type { Lexicon } from './mentions';
import { scanText } from './mentions';

/** The frame reader's and the checker's view of one opened ontology. */
export interface FrameContext {
  lexicon: Lexicon;
  deps: CheckDeps;
  facts: ClosureFacts;
}

const contexts = new WeakMap<OntologyHandle, FrameContext>();

/**
 * One context per opened ontology: its name memo is reused across questions. With a decider the
 * checks read three-valued verdicts (what it knows without waiting: see prefetchFrame).
 */
export function frameContext(h: OntologyHandle, linker: NameLinker, decider?: StatementDecider): FrameContext {
  let c = contexts.get(h);
  if (c) {
    if (decider && !c.deps.verdict) c.deps.verdict = (s) => decider.known(s);
    return c;
  }
  const lexicon = handleLexicon(h);
  const facts = new ClosureFacts(h.closure);
  const deps: CheckDeps = {
    holds: (s) => facts.holds(s),
    outsideEl: (s) => facts.outsideEl(s, h.outsideEl()),
    unloadedImports: () => h.unloadedImports(),
    subjects: (root, conds) => facts.subjects(root, conds),
    entity: (iri) => facts.entity(iri),
    ...(decider ? { verdict: (s) => decider.known(s) } : {}),
    sameClass: (a, b) => facts.sameClass(a, b),
    linkConcept: (t) => linker.linkConcept(t),
    mentions: (text) =>
      scanText(text, lexicon)
        .mentions.filter((m) => m.kind === 'concept' && !m.others.length)
        .map((m) => m.term),
  };
  c = { lexicon, deps, facts };
  contexts.set(h, c);
  return c;
}
