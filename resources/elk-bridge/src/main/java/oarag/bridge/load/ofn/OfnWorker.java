package oarag.bridge.load.ofn;

import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLDataFactory;

/**
 * One range of an ontology body read in a thread of its own, its axioms handed to the thread that
 * adds them to the ontology in batches, so that reading and adding overlap.
 */
final class OfnWorker {
    static final int BATCH = 8192;

    /**
     * Deep nesting recurses: as much stack as the serve thread has room for, reserved but rarely
     * touched.
     */
    private static final long STACK = 1L << 28;

    private static final Object END = new Object();

    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean stop;

    /**
     * Set before the failure is queued (so visible to whoever takes it): see {@link
     * OfnAxioms#cutItemStart}.
     */
    private int cutItemStart = -1;

    OfnWorker(
            byte[] b,
            int from,
            int to,
            boolean closes,
            OWLDataFactory df,
            Map<String, String> prefixes,
            String name) {
        thread = new Thread(null, () -> run(b, from, to, closes, df, prefixes), name, STACK);
        thread.setDaemon(true);
    }

    OfnWorker start() {
        thread.start();
        return this;
    }

    private void run(
            byte[] b,
            int from,
            int to,
            boolean closes,
            OWLDataFactory df,
            Map<String, String> prefixes) {
        OfnAxioms reader = null;
        try {
            OfnLexer lx = new OfnLexer(b, from, to, to == b.length);
            reader = new OfnAxioms(new OfnTerms(lx, new OfnNames(df, prefixes), df));
            lx.next();
            reader.readAll(closes, BATCH, queue::add, () -> stop);
            queue.add(END);
        } catch (OfnGiveUp e) {
            cutItemStart = reader != null ? reader.cutItemStart : -1;
            queue.add(e);
        } catch (StackOverflowError e) {
            queue.add(new OfnGiveUp("nested too deeply for this reader's stack", false));
        } catch (RuntimeException | Error e) {
            queue.add(e);
        }
    }

    /** Asks the thread to stop at its next batch (its later output is not wanted). */
    void stop() {
        stop = true;
    }

    /**
     * Hands the batches on in order until the range is read; throws what reading it failed with.
     */
    @SuppressWarnings("unchecked")
    void drain(OfnAxioms.Batches out) {
        for (; ; ) {
            Object m;
            try {
                m = queue.take();
            } catch (InterruptedException e) {
                stop();
                Thread.currentThread().interrupt();
                throw new OfnGiveUp("interrupted", false);
            }
            if (m == END) {
                return;
            }
            if (m instanceof List) {
                out.accept((List<OWLAxiom>) m);
            } else if (m instanceof RuntimeException) {
                throw (RuntimeException) m;
            } else {
                throw (Error) m;
            }
        }
    }

    /**
     * Where the item the range ended inside starts, after {@link #drain} threw a give-up at the
     * cut.
     */
    int cutItemStart() {
        return cutItemStart;
    }
}
