package oarag.bridge.dl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.reasoner.NullReasonerProgressMonitor;

/**
 * Why a statement is CONTRADICTED: a minimal set of the module's axioms under which A ⊓ ∃r.B is
 * unsatisfiable (or, for a statement only a DL reasoner entails, under which it is entailed), found
 * by removing axioms (in shrinking chunks, then one by one) while the rest still makes it so. ELK
 * tests the subsets when it found the contradiction, the DL reasoner otherwise; the whole search
 * stops at its deadline (null: not found in time).
 */
public final class UnsatJustifier {
    private UnsatJustifier() {}

    /**
     * What the kept axioms must still give: A ⊓ ∃r.B unsatisfiable (by ELK or HermiT), or A ⊑ ∃r.B
     * (HermiT).
     */
    public enum Goal {
        ELK_UNSAT,
        DL_UNSAT,
        DL_ENTAILED
    }

    public static List<OWLAxiom> justify(
            Set<OWLAxiom> module, Statement st, Goal goal, long deadlineMs) {
        long end = System.currentTimeMillis() + deadlineMs;
        Predicate<List<OWLAxiom>> unsat =
                axioms -> {
                    long left = end - System.currentTimeMillis();
                    if (left <= 0) {
                        throw new DeadlinePassed();
                    }
                    return goal == Goal.ELK_UNSAT
                            ? !elkSatisfiable(axioms, st)
                            : dlHolds(axioms, st, left, goal == Goal.DL_ENTAILED);
                };
        try {
            List<OWLAxiom> j = new ArrayList<>(module);
            if (!unsat.test(j)) {
                return null;
            }
            int chunk = Math.max(1, j.size() / 4);
            while (true) {
                int i = 0;
                while (i < j.size()) {
                    int stop = Math.min(j.size(), i + chunk);
                    List<OWLAxiom> rest = new ArrayList<>(j.subList(0, i));
                    rest.addAll(j.subList(stop, j.size()));
                    if (unsat.test(rest)) {
                        j = rest;
                    } else {
                        i = stop;
                    }
                }
                if (chunk == 1) {
                    return j;
                }
                chunk = Math.max(1, chunk / 4);
            }
        } catch (DeadlinePassed e) {
            return null;
        }
    }

    private static final class DeadlinePassed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DeadlinePassed() {
            super(null, null, false, false);
        }
    }

    private static boolean dlHolds(
            List<OWLAxiom> axioms, Statement st, long left, boolean entailment) {
        DlReasoner.Outcome o =
                DlReasoner.check(
                        DlReasoner.HERMIT, new java.util.LinkedHashSet<>(axioms), st, left);
        if (!o.settled) {
            throw new DeadlinePassed();
        }
        return entailment ? o.entailed : !o.satisfiable;
    }

    private static boolean elkSatisfiable(List<OWLAxiom> axioms, Statement st) {
        try {
            OWLOntology o = OWLManager.createOWLOntologyManager().createOntology(axioms);
            ElkReasoner r = Session.createReasoner(o, new NullReasonerProgressMonitor());
            try {
                return r.isConsistent() && r.isSatisfiable(st.conjunction());
            } finally {
                r.dispose();
            }
        } catch (OWLOntologyCreationException e) {
            throw new IllegalStateException(e);
        }
    }
}
