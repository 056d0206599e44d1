import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { VerdictBridge } from '../../ontology/verdicts/verdict-bridge';
import type { VerdictStore } from '../../ontology/verdicts/verdict-store';
import { DL_DEADLINE_MS, StatementDecider } from './statement-decider';

/** A decider over an opened ontology: ELK is complete for it only when the load met no construct outside EL. */
export function deciderFor(
  h: OntologyHandle,
  store: VerdictStore,
  bridge: VerdictBridge | null,
  deadlineMs: number = DL_DEADLINE_MS.interactive,
): StatementDecider {
  return new StatementDecider(
    {
      get closure() {
        return h.closure;
      },
      allEl: () => !h.summary.warnings.some((w) => w.code === 'non-el') && h.outsideEl().size === 0,
      unloadedImports: () => h.unloadedImports(),
    },
    store,
    bridge,
    { deadlineMs },
  );
}
