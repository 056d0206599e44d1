package oarag.bridge.dl;

import java.util.ArrayList;
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
 * deadline the reasoner's own work is stopped (HermiT's task timeout, and interrupt() from a timer):
 * a thread merely abandoned would keep reasoning and burn the cores.
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
        Outcome out = new Outcome();
        long t0 = System.nanoTime();
        OWLReasoner r = null;
        ScheduledFuture<?> stop = null;
        try {
            OWLOntology ont =
                    OWLManager.createOWLOntologyManager().createOntology(new ArrayList<>(axioms));
            r = maker.apply(ont, deadlineMs);
            final OWLReasoner running = r;
            stop = TIMER.schedule(running::interrupt, deadlineMs, TimeUnit.MILLISECONDS);
            if (!r.isConsistent()) {
                // everything follows from an inconsistent module, and nothing is satisfiable
                out.entailed = true;
                out.satisfiable = false;
            } else {
                out.entailed = r.isEntailed(st.goal());
                out.satisfiable = out.entailed ? r.isSatisfiable(st.subject) : r.isSatisfiable(st.conjunction());
            }
            out.settled = true;
        } catch (TimeOutException | ReasonerInterruptedException e) {
            out.timedOut = true;
        } catch (InconsistentOntologyException e) {
            out.entailed = true;
            out.satisfiable = false;
            out.settled = true;
        } catch (OWLOntologyCreationException | RuntimeException | StackOverflowError e) {
            out.error = String.valueOf(e);
        } finally {
            if (stop != null) {
                stop.cancel(false);
            }
            if (r != null) {
                try {
                    r.dispose();
                } catch (RuntimeException ignore) {
                    // dropping it anyway
                }
            }
            out.ms = (System.nanoTime() - t0) / 1_000_000;
        }
        if (!out.settled && out.error == null && out.ms >= deadlineMs) {
            out.timedOut = true;
        }
        return out;
    }
}
