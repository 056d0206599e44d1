package oarag.bridge.classify;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import oarag.bridge.prepare.Attachments;
import org.semanticweb.owlapi.model.OWLClassExpression;

/**
 * The numbers ELK knows the fresh classes by ({@code urn:oarag:filler:<n>}, {@code
 * urn:oarag:context:<n>}), apart from the dump's filler numbers. A warm session keeps them across
 * reloads, so a filler or context an edit did not touch keeps its ELK class and definition and ELK
 * is told only about the definitions that changed. Numbers of expressions that are gone are not
 * handed out again.
 */
public final class FreshNames {
    private HashMap<OWLClassExpression, Integer> fillers = new HashMap<>();
    private HashMap<OWLClassExpression, Integer> contexts = new HashMap<>();
    private int nextFiller;
    private int nextCtx;

    /**
     * One extraction's fillers and contexts: index to ELK number, and back (-1 for numbers no
     * longer used).
     */
    public static final class Ids {
        final int[] filler;
        final int[] ctx;
        final int[] fillerOf;
        final int[] ctxOf;

        private Ids(int[] filler, int[] ctx, int nFiller, int nCtx) {
            this.filler = filler;
            this.ctx = ctx;
            this.fillerOf = inverse(filler, nFiller);
            this.ctxOf = inverse(ctx, nCtx);
        }

        private static int[] inverse(int[] ids, int n) {
            int[] of = new int[n];
            Arrays.fill(of, -1);
            for (int k = 0; k < ids.length; k++) {
                of[ids[k]] = k;
            }
            return of;
        }

        int fillerOf(int elkNumber) {
            return elkNumber < fillerOf.length ? fillerOf[elkNumber] : -1;
        }

        int ctxOf(int elkNumber) {
            return elkNumber < ctxOf.length ? ctxOf[elkNumber] : -1;
        }
    }

    public Ids assign(Attachments att) {
        HashMap<OWLClassExpression, Integer> nf = new HashMap<>(att.fillers.size() * 2);
        HashMap<OWLClassExpression, Integer> nc = new HashMap<>(att.contexts.size() * 2);
        int[] f = number(att.fillers, fillers, nf, true);
        int[] c = number(att.contexts, contexts, nc, false);
        fillers = nf;
        contexts = nc;
        return new Ids(f, c, nextFiller, nextCtx);
    }

    private int[] number(
            List<OWLClassExpression> xs,
            HashMap<OWLClassExpression, Integer> old,
            HashMap<OWLClassExpression, Integer> now,
            boolean filler) {
        int[] ids = new int[xs.size()];
        for (int k = 0; k < ids.length; k++) {
            Integer id = old.get(xs.get(k));
            if (id == null) {
                id = filler ? nextFiller++ : nextCtx++;
            }
            now.put(xs.get(k), id);
            ids[k] = id;
        }
        return ids;
    }
}
