package oarag.bridge.model;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import oarag.bridge.common.FileStamp;
import oarag.bridge.common.Heap;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.elk.owlapi.ElkReasonerConfiguration;
import org.semanticweb.elk.owlapi.ElkReasonerFactory;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotationAssertionAxiom;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.model.parameters.Imports;
import org.semanticweb.owlapi.reasoner.FreshEntityPolicy;
import org.semanticweb.owlapi.reasoner.IndividualNodeSetPolicy;
import org.semanticweb.owlapi.reasoner.InferenceType;
import org.semanticweb.owlapi.reasoner.NullReasonerProgressMonitor;
import org.semanticweb.owlapi.reasoner.ReasonerProgressMonitor;
import org.semanticweb.owlapi.reasoner.SimpleConfiguration;
import org.semanticweb.owlapi.vocab.OWLRDFVocabulary;

/**
 * The loaded ontology (with its imports closure), the lazily created ELK reasoner over it, and what
 * a reload needs of the last extract ({@link Warm}).
 */
public final class Session {
    /**
     * What extract leaves with the session for the next reload (extract's {@code WarmState}). The
     * session only holds it, so that the model knows nothing of the phases above it, and disposes
     * of it when it is replaced or dropped.
     */
    public interface Warm {
        void dispose();
    }

    public final OWLOntologyManager man;
    public final OWLOntology root;
    public final Format format;
    public final File file;
    public final List<OWLOntology> closure;
    public final OWLDataFactory df;
    public final Map<String, String> imports = new LinkedHashMap<>();
    public final List<Warning> warnings = new ArrayList<>();

    /** The imports closure as a tree (load/ImportTree). */
    public final List<ImportEntry> importTree = new ArrayList<>();

    /**
     * Named classes of the axioms ELK reads only in part (class constructs outside EL), each with
     * the number of such axioms naming it: an entailment about them may be missing from the
     * closure.
     */
    public final Map<String, Integer> outsideEl = new HashMap<>();

    private Map<IRI, String> labels;
    private ElkReasoner reasoner;

    /** What the file held when it was parsed (functional syntax only), or null. */
    public volatile FileStamp stamp;

    private Warm warm;

    public Session(OWLOntologyManager man, OWLOntology root, Format format, File file) {
        this.man = man;
        this.root = root;
        this.format = format;
        this.file = file;
        this.closure = root.importsClosure().collect(Collectors.toList());
        this.df = man.getOWLDataFactory();
    }

    /** rdfs:label of an entity (English or untagged preferred), or null. */
    public synchronized String labelOrNull(IRI iri) {
        if (labels == null) {
            labels = new HashMap<>();
            Map<IRI, Integer> rank = new HashMap<>();
            IRI rdfsLabel = OWLRDFVocabulary.RDFS_LABEL.getIRI();
            IRI prefLabel = IRI.create("http://www.w3.org/2004/02/skos/core#prefLabel");
            for (OWLOntology o : closure) {
                o.axioms(org.semanticweb.owlapi.model.AxiomType.ANNOTATION_ASSERTION)
                        .forEach(
                                (OWLAnnotationAssertionAxiom ax) -> {
                                    IRI p = ax.getProperty().getIRI();
                                    boolean rdfs = p.equals(rdfsLabel);
                                    if ((!rdfs && !p.equals(prefLabel))
                                            || !ax.getSubject().isIRI()) {
                                        return;
                                    }
                                    OWLLiteral lit = ax.getValue().asLiteral().orElse(null);
                                    if (lit == null) {
                                        return;
                                    }
                                    IRI subj = (IRI) ax.getSubject();
                                    String lang = lit.getLang().toLowerCase();
                                    // rdfs:label@en > rdfs:label@en-xx > rdfs:label >
                                    // skos:prefLabel@en/untagged >
                                    // rdfs:label@xx > skos:prefLabel@xx; of equal rank the least
                                    // string, so that the choice
                                    // does not follow the order the axioms happen to be visited in
                                    // (it varied between runs)
                                    boolean en = lang.startsWith("en");
                                    int r =
                                            rdfs
                                                    ? (lang.equals("en")
                                                            ? 6
                                                            : en ? 5 : lang.isEmpty() ? 4 : 2)
                                                    : (en || lang.isEmpty() ? 3 : 1);
                                    Integer old = rank.get(subj);
                                    if (old == null
                                            || r > old
                                            || r == old
                                                    && lit.getLiteral().compareTo(labels.get(subj))
                                                            < 0) {
                                        rank.put(subj, r);
                                        labels.put(subj, lit.getLiteral());
                                    }
                                });
            }
        }
        return labels.get(iri);
    }

    /** Label, or the IRI's short form (fragment / last path segment). */
    String label(IRI iri) {
        String l = labelOrNull(iri);
        return l != null ? l : shortForm(iri);
    }

    static String shortForm(IRI iri) {
        String s = iri.toString();
        int cut = Math.max(s.lastIndexOf('#'), s.lastIndexOf('/'));
        if (cut >= 0 && cut < s.length() - 1) {
            return s.substring(cut + 1);
        }
        int colon = s.lastIndexOf(':');
        if (colon >= 0 && colon < s.length() - 1) {
            return s.substring(colon + 1);
        }
        return s;
    }

    /**
     * The ELK reasoner over the ontology as it is (no helper classes), created and classified on
     * first use. An edit applied in place by a reload reaches it as buffered changes, which it
     * takes here: ELK redoes only what they touch where it can, instead of a first use classifying
     * the whole ontology again.
     */
    public synchronized ElkReasoner reasoner(ReasonerProgressMonitor monitor) {
        if (reasoner != null && !reasoner.getPendingChanges().isEmpty()) {
            try {
                reasoner.flush();
                classify();
            } catch (RuntimeException e) {
                disposeReasoner(); // created afresh below
            }
        }
        if (reasoner == null) {
            if (warm != null && Heap.tight()) {
                dropWarm(); // a second ELK next to the kept one could exhaust the heap; a reload
                // can do without
            }
            reasoner = createReasoner(root, monitor);
            classify();
        }
        return reasoner;
    }

    private void classify() {
        try {
            consistent = reasoner.isConsistent();
            if (consistent) {
                reasoner.precomputeInferences(InferenceType.CLASS_HIERARCHY);
            }
        } catch (org.semanticweb.owlapi.reasoner.InconsistentOntologyException e) {
            consistent = false;
        }
    }

    private boolean consistent = true;

    /** Whether the loaded ontology is consistent (valid after {@link #reasoner}). */
    public synchronized boolean isConsistent() {
        return consistent;
    }

    public synchronized boolean hasReasoner() {
        return reasoner != null;
    }

    public synchronized void disposeReasoner() {
        if (reasoner != null) {
            try {
                reasoner.dispose();
            } catch (RuntimeException e) {
                // ignore: we are dropping it anyway
            }
            reasoner = null;
        }
    }

    public static ElkReasoner createReasoner(OWLOntology ont, ReasonerProgressMonitor monitor) {
        SimpleConfiguration sc =
                new SimpleConfiguration(
                        monitor == null ? new NullReasonerProgressMonitor() : monitor,
                        FreshEntityPolicy.ALLOW,
                        Long.MAX_VALUE,
                        IndividualNodeSetPolicy.BY_NAME);
        return (ElkReasoner)
                new ElkReasonerFactory().createReasoner(ont, new ElkReasonerConfiguration(sc));
    }

    public synchronized void dispose() {
        disposeReasoner();
        dropWarm();
    }

    /** The warm state (null: none), as the kind of state extract keeps. */
    public synchronized <W extends Warm> W warm(Class<W> kind) {
        return kind.cast(warm);
    }

    public synchronized void keepWarm(Warm w) {
        if (warm != null && warm != w) {
            warm.dispose();
        }
        warm = w;
    }

    /** The warm state, removed from the session without shutting its reasoner down. */
    public synchronized <W extends Warm> W takeWarm(Class<W> kind) {
        W w = kind.cast(warm);
        warm = null;
        return w;
    }

    public synchronized void dropWarm() {
        if (warm != null) {
            warm.dispose();
            warm = null;
        }
    }

    /**
     * The ontology was edited in place: labels are read again; the plain reasoner buffered the
     * changes and takes them on its next use ({@link #reasoner}).
     */
    public synchronized void contentChanged() {
        labels = null;
    }

    public int classCount() {
        return (int)
                root.classesInSignature(Imports.INCLUDED)
                        .filter(c -> !c.isOWLThing() && !c.isOWLNothing())
                        .count();
    }

    public int objectPropertyCount() {
        return (int)
                root.objectPropertiesInSignature(Imports.INCLUDED)
                        .filter(p -> !p.isOWLTopObjectProperty() && !p.isOWLBottomObjectProperty())
                        .count();
    }

    public int axiomCount() {
        int n = 0;
        for (OWLOntology o : closure) {
            n += o.getAxiomCount();
        }
        return n;
    }
}
