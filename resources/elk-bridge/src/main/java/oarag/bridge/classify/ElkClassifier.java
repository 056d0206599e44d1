package oarag.bridge.classify;

import static oarag.bridge.prepare.Attachments.CTX_NS;
import static oarag.bridge.prepare.Attachments.FILLER_NS;

import java.io.FileOutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import oarag.bridge.common.Progress;
import oarag.bridge.model.Session;
import oarag.bridge.prepare.Attachments;
import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.completeness.Incompleteness;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLDeclarationAxiom;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLObjectIntersectionOf;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLOntology;

/**
 * Classifies the ontology extended by the fresh definitions ({@code N ≡ F ⊓ ranges} for fillers,
 * {@code C ⊑ L} for complex contexts) with ELK, straight from the OWL API objects. The fresh
 * definitions are a conservative extension, so the taxonomy restricted to the named classes is
 * ELK's own.
 */
public final class ElkClassifier {
    private ElkClassifier() {}

    /** The fresh definitions for the attachments' fillers and contexts, under their ELK numbers. */
    public static List<OWLAxiom> freshAxioms(Session s, Attachments att, FreshNames.Ids ids) {
        OWLDataFactory df = s.df;
        List<OWLAxiom> axs = new ArrayList<>();
        for (int n = 0; n < att.fillers.size(); n++) {
            axs.add(
                    df.getOWLEquivalentClassesAxiom(
                            df.getOWLClass(IRI.create(FILLER_NS + ids.filler[n])),
                            shallow(df, att, ids, att.fillers.get(n))));
        }
        for (int l = 0; l < att.contexts.size(); l++) {
            // C ⊑ L: the subclasses of L are exactly those of C (also for C outside EL, e.g.
            // unions)
            axs.add(
                    df.getOWLSubClassOfAxiom(
                            att.contexts.get(l), df.getOWLClass(IRI.create(CTX_NS + ids.ctx[l]))));
        }
        if (System.getenv("OARAG_BRIDGE_DUMP_EXT") != null) {
            dumpExtended(s, axs, System.getenv("OARAG_BRIDGE_DUMP_EXT"));
        }
        return axs;
    }

    /**
     * F with each nested existential filler that has its own fresh class replaced by that class:
     * N_k ≡ ∃r.N_k+1 instead of N_k ≡ ∃r.∃r.…, which is equivalent given N_k+1's own definition. A
     * chain nested n deep then costs ELK n small axioms instead of n axioms of size up to n
     * (quadratic indexing).
     */
    private static OWLClassExpression shallow(
            OWLDataFactory df, Attachments att, FreshNames.Ids ids, OWLClassExpression e) {
        switch (e.getClassExpressionType()) {
            case OBJECT_INTERSECTION_OF:
                {
                    List<OWLClassExpression> ops = new ArrayList<>();
                    for (OWLClassExpression o : ((OWLObjectIntersectionOf) e).getOperandsAsList()) {
                        ops.add(shallow(df, att, ids, o));
                    }
                    return df.getOWLObjectIntersectionOf(ops);
                }
            case OBJECT_SOME_VALUES_FROM:
                {
                    OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) e;
                    OWLClassExpression f = sv.getFiller();
                    Integer k = f.isAnonymous() ? att.fillerIndex.get(f) : null;
                    if (k == null) {
                        return e;
                    }
                    return df.getOWLObjectSomeValuesFrom(
                            sv.getProperty(),
                            df.getOWLClass(IRI.create(FILLER_NS + ids.filler[k])));
                }
            default:
                return e;
        }
    }

    /** OARAG_BRIDGE_DUMP_EXT: the ontology ELK classifies, as functional syntax, for debugging. */
    private static void dumpExtended(Session s, List<OWLAxiom> fresh, String path) {
        try {
            OWLOntology ext = OWLManager.createOWLOntologyManager().createOntology();
            for (OWLOntology o : s.closure) {
                ext.add(o.logicalAxioms().collect(Collectors.toList()));
            }
            ext.add(fresh);
            ext.getOWLOntologyManager()
                    .saveOntology(
                            ext,
                            new org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat(),
                            new FileOutputStream(path));
        } catch (Exception e) {
            System.err.println("[extract] could not dump the extended ontology: " + e);
        }
    }

    /**
     * Starts ELK over the closure plus the fresh axioms; close it once the taxonomy has been read
     * (or keep it).
     */
    public static Run start(Session s, List<OWLAxiom> fresh, Progress progress) {
        org.semanticweb.elk.reasoner.Reasoner r =
                new org.semanticweb.elk.reasoner.ReasonerFactory()
                        .createReasoner(
                                monitor -> new AxiomFeed(monitor, s.closure, fresh),
                                org.semanticweb.elk.reasoner.config.ReasonerConfiguration
                                        .getConfiguration());
        r.setProgressMonitor(new ClassifyMonitor(progress));
        r.setAllowFreshEntities(true);
        return new Run(r);
    }

    /**
     * A run over a kept reasoner (see {@link Run#update}); closing it shuts the reasoner down
     * unless kept again.
     */
    public static Run resume(org.semanticweb.elk.reasoner.Reasoner r) {
        return new Run(r);
    }

    /**
     * Whether ELK was given this ontology axiom: what {@link AxiomFeed} feeds, so changes can be
     * fed alike.
     */
    public static boolean fedToElk(OWLAxiom ax) {
        if (ax.isLogicalAxiom()) {
            return org.semanticweb.elk.owlapi.wrapper.OwlConverter.getInstance()
                    .isRelevantAxiom(ax);
        }
        if (ax instanceof OWLDeclarationAxiom) {
            OWLDeclarationAxiom d = (OWLDeclarationAxiom) ax;
            return d.getEntity().isOWLClass() || d.getEntity().isOWLObjectProperty();
        }
        return false;
    }

    /**
     * One ELK reasoner; the taxonomy it returns is read before the reasoner is shut down or kept.
     */
    public static final class Run implements AutoCloseable {
        private org.semanticweb.elk.reasoner.Reasoner r;

        private Run(org.semanticweb.elk.reasoner.Reasoner r) {
            this.r = r;
        }

        /** Classifies; the taxonomy, or null when the ontology is inconsistent. */
        public Taxonomy<ElkClass> taxonomy() {
            try {
                if (Incompleteness.getValue(r.isInconsistent())) {
                    return null;
                }
                return Incompleteness.getValue(r.getTaxonomyQuietly());
            } catch (org.semanticweb.elk.exceptions.ElkException e) {
                throw new IllegalStateException("ELK failed: " + e.getMessage(), e);
            }
        }

        /**
         * Tells the reasoner which axioms left and joined the ontology (and its fresh definitions);
         * ELK then redoes only what they touch, or everything when it cannot do a change
         * incrementally (e.g. property axioms).
         */
        public void update(
                Collection<OWLAxiom> removed, Collection<OWLAxiom> added, Progress progress) {
            r.setProgressMonitor(new ClassifyMonitor(progress));
            r.registerAxiomLoader(monitor -> new ChangeFeed(monitor, removed, added));
        }

        /**
         * Takes the reasoner out of this run (close then leaves it running), for a later {@link
         * #update}.
         */
        public org.semanticweb.elk.reasoner.Reasoner keep() {
            org.semanticweb.elk.reasoner.Reasoner k = r;
            r = null;
            // the monitor forwards to the request that is about to end
            k.setProgressMonitor(new ClassifyMonitor(Progress.NONE));
            return k;
        }

        @Override
        public void close() {
            if (r != null) {
                shutdown(r);
                r = null;
            }
        }
    }

    public static void shutdown(org.semanticweb.elk.reasoner.Reasoner r) {
        try {
            r.shutdown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * An axiom loader that feeds ELK once: ELK asks again until {@link #isLoadingFinished}, so the
     * feed says it is done after its one pass, unless it was interrupted part way.
     */
    private abstract static class OnceFeed extends org.semanticweb.elk.loading.AbstractAxiomLoader {
        private boolean finished;

        OnceFeed(org.semanticweb.elk.util.concurrent.computation.InterruptMonitor monitor) {
            super(monitor);
        }

        /** Feeds everything; false when interrupted before the end. */
        abstract boolean feed(
                org.semanticweb.elk.owlapi.wrapper.OwlConverter conv,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor inserter,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor deleter);

        @Override
        public final void load(
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor inserter,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor deleter) {
            if (!finished) {
                finished =
                        feed(
                                org.semanticweb.elk.owlapi.wrapper.OwlConverter.getInstance(),
                                inserter,
                                deleter);
            }
        }

        @Override
        public final boolean isLoadingFinished() {
            return finished;
        }
    }

    /** Feeds ELK the axioms that left (deleted) and joined (inserted) the ontology, once. */
    private static final class ChangeFeed extends OnceFeed {
        private final Collection<OWLAxiom> removed;
        private final Collection<OWLAxiom> added;

        ChangeFeed(
                org.semanticweb.elk.util.concurrent.computation.InterruptMonitor monitor,
                Collection<OWLAxiom> removed,
                Collection<OWLAxiom> added) {
            super(monitor);
            this.removed = removed;
            this.added = added;
        }

        @Override
        boolean feed(
                org.semanticweb.elk.owlapi.wrapper.OwlConverter conv,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor inserter,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor deleter) {
            for (OWLAxiom ax : removed) {
                deleter.visit(conv.convert(ax));
            }
            for (OWLAxiom ax : added) {
                inserter.visit(conv.convert(ax));
            }
            return true;
        }
    }

    /**
     * Feeds ELK the logical axioms and declarations of the imports closure plus the fresh axioms
     * (no copy).
     */
    private static final class AxiomFeed extends OnceFeed {
        private final List<OWLOntology> closure;
        private final List<OWLAxiom> extra;

        AxiomFeed(
                org.semanticweb.elk.util.concurrent.computation.InterruptMonitor monitor,
                List<OWLOntology> closure,
                List<OWLAxiom> extra) {
            super(monitor);
            this.closure = closure;
            this.extra = extra;
        }

        @Override
        boolean feed(
                org.semanticweb.elk.owlapi.wrapper.OwlConverter conv,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor inserter,
                org.semanticweb.elk.owl.visitors.ElkAxiomProcessor deleter) {
            for (OWLOntology o : closure) {
                for (OWLAxiom ax : (Iterable<OWLLogicalAxiom>) o.logicalAxioms()::iterator) {
                    if (fedToElk(ax)) {
                        inserter.visit(conv.convert(ax));
                    }
                }
                for (OWLAxiom d :
                        (Iterable<OWLDeclarationAxiom>) o.axioms(AxiomType.DECLARATION)::iterator) {
                    if (fedToElk(d)) {
                        inserter.visit(conv.convert(d));
                    }
                }
                if (isInterrupted()) {
                    return false;
                }
            }
            for (OWLAxiom ax : extra) {
                inserter.visit(conv.convert(ax));
            }
            return true;
        }
    }
}
