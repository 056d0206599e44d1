package oarag.bridge.dl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.semanticweb.HermiT.Configuration;
import org.semanticweb.HermiT.ReasonerFactory;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.reasoner.InconsistentOntologyException;
import org.semanticweb.owlapi.reasoner.OWLReasoner;
import org.semanticweb.owlapi.reasoner.ReasonerInterruptedException;
import org.semanticweb.owlapi.reasoner.TimeOutException;

/**
 * A DL reasoner deciding one statement on a set of axioms (its module) within a deadline. At the
 * deadline the reasoner's own work is stopped (HermiT's task timeout, and interrupt() from a
 * timer): a thread merely abandoned would keep reasoning and burn the cores.
 */
public final class DlReasoner {
    /** Creates a reasoner over an ontology, told the deadline in milliseconds. */
    public interface Maker extends BiFunction<OWLOntology, Long, OWLReasoner> {}

    /** The verdict of one check, or settled=false when the deadline or an error came first. */
    public static final class Outcome {
        public boolean settled;
        public boolean entailed;
        public boolean satisfiable = true;
        public boolean timedOut;
        public String error;
        public long ms;
    }

    private static final ScheduledExecutorService TIMER =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "dl-deadline");
                        t.setDaemon(true);
                        return t;
                    });

    public static final Maker HERMIT =
            (ont, deadlineMs) -> {
                Configuration c = new Configuration();
                c.individualTaskTimeout = Math.max(1, deadlineMs);
                c.throwInconsistentOntologyException = false;
                return new ReasonerFactory().createReasoner(ont, c);
            };

    private DlReasoner() {}

    public static Outcome check(Maker maker, Set<OWLAxiom> axioms, Statement st, long deadlineMs) {
        return checkAll(maker, axioms, List.of(st), deadlineMs).get(0);
    }

    /**
     * Each statement in turn on one reasoner over the axioms, each within the deadline (a reasoner
     * that was stopped is made afresh for the next).
     */
    public static List<Outcome> checkAll(
            Maker maker, Set<OWLAxiom> axioms, List<Statement> sts, long deadlineMs) {
        List<Outcome> outs = new ArrayList<>();
        OWLOntology ont;
        try {
            ont = OWLManager.createOWLOntologyManager().createOntology(new ArrayList<>(axioms));
        } catch (OWLOntologyCreationException e) {
            throw new IllegalStateException(e);
        }
        OWLReasoner[] r = {null};
        try {
            for (Statement st : sts) {
                Outcome o = one(maker, ont, r, st, deadlineMs);
                if (!o.settled) {
                    drop(r);
                }
                outs.add(o);
            }
        } finally {
            drop(r);
        }
        return outs;
    }

    private static void drop(OWLReasoner[] r) {
        if (r[0] != null) {
            try {
                r[0].dispose();
            } catch (RuntimeException ignore) {
                // dropping it anyway
            }
            r[0] = null;
        }
    }

    private static Outcome one(
            Maker maker, OWLOntology ont, OWLReasoner[] r, Statement st, long deadlineMs) {
        Outcome out = new Outcome();
        long t0 = System.nanoTime();
        ScheduledFuture<?> stop = null;
        try {
            if (r[0] == null) {
                r[0] = maker.apply(ont, deadlineMs);
            }
            final OWLReasoner running = r[0];
            stop = TIMER.schedule(running::interrupt, deadlineMs, TimeUnit.MILLISECONDS);
            if (!running.isConsistent()) {
                // everything follows from an inconsistent module, and nothing is satisfiable
                out.entailed = true;
                out.satisfiable = false;
            } else {
                out.entailed = running.isEntailed(st.goal());
                out.satisfiable =
                        out.entailed
                                ? running.isSatisfiable(st.subject)
                                : running.isSatisfiable(st.conjunction());
            }
            out.settled = true;
        } catch (TimeOutException | ReasonerInterruptedException e) {
            out.timedOut = true;
        } catch (InconsistentOntologyException e) {
            out.entailed = true;
            out.satisfiable = false;
            out.settled = true;
        } catch (RuntimeException | StackOverflowError e) {
            out.error = String.valueOf(e);
        } catch (OutOfMemoryError e) {
            // the reasoner's structures are garbage once it is dropped: the session lives on
            out.error = "out of memory";
        } finally {
            if (stop != null) {
                stop.cancel(false);
            }
            out.ms = (System.nanoTime() - t0) / 1_000_000;
        }
        if (!out.settled && out.error == null && out.ms >= deadlineMs) {
            out.timedOut = true;
        }
        return out;
    }
}
