package oarag.bridge;

import java.io.BufferedWriter;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.completeness.Incompleteness;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.elk.reasoner.taxonomy.model.TaxonomyNode;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAnnotationAssertionAxiom;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLAnnotationValue;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassAssertionAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLDeclarationAxiom;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLEquivalentObjectPropertiesAxiom;
import org.semanticweb.owlapi.model.OWLIndividual;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLObjectHasSelf;
import org.semanticweb.owlapi.model.OWLObjectHasValue;
import org.semanticweb.owlapi.model.OWLObjectIntersectionOf;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.OWLObjectPropertyAssertionAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyDomainAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;
import org.semanticweb.owlapi.model.OWLObjectPropertyRangeAxiom;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyID;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;
import org.semanticweb.owlapi.model.OWLSubObjectPropertyOfAxiom;
import org.semanticweb.owlapi.model.OWLSubPropertyChainOfAxiom;
import org.semanticweb.owlapi.model.parameters.Imports;
import org.semanticweb.owlapi.vocab.OWL2Datatype;
import org.semanticweb.owlapi.vocab.OWLRDFVocabulary;

/**
 * Classifies the loaded ontology with ELK, extended only by fresh classes for complex existential fillers
 * ({@code N ≡ F ⊓ ranges}) and for complex left-hand sides of axioms ({@code C ⊑ L}), then computes the
 * existential closure itself over ELK's taxonomy, the way ELK's completion rules do: every told positive
 * {@code ∃r.F} attached to a class expression C gives each class below C an r-edge to the element of F;
 * edges compose through property chains (transitivity is r∘r ⊑ r) and reflexive properties. The links are the
 * edges of each class that are not inherited from a named superclass and not implied by another of its edges.
 * The dump format is described in docs/bridge-protocol.md.
 */
final class Extractor {
    static final String FILLER_NS = "urn:oarag:filler:";
    static final String CTX_NS = "urn:oarag:context:";
    static final boolean DEBUG = System.getenv("OARAG_BRIDGE_DEBUG") != null;

    private static final int SELF = Integer.MAX_VALUE; // attachment target "the class itself" (ObjectHasSelf)

    private final Session s;
    private final Progress progress;
    private final OWLDataFactory df;
    private final Render render;

    // named classes (sorted by IRI), without owl:Thing / owl:Nothing
    private OWLClass[] classes;
    private final HashMap<String, Integer> classIdx = new HashMap<>();
    // named object properties (sorted by IRI), without top / bottom; roles >= props.length are chain helpers
    private OWLObjectProperty[] props;
    private final HashMap<OWLObjectProperty, Integer> propIdx = new HashMap<>();
    private IntList[] propParents;
    private List<int[]>[] chainsBySuper; // told chains (named roles only), by super-property
    private final List<int[]> allChains = new ArrayList<>(); // told chains: roles..., super as last element
    private boolean[] transitive;
    private boolean[] reflexiveTold;
    private boolean[] reflexive; // told or derived (super of reflexive, chain of reflexives)
    private List<OWLClassExpression>[] ranges; // told ranges (all)
    private BitSet[] supStar; // told reflexive-transitive super-properties

    // role composition (over real and helper roles)
    private int nRoles;
    private int[][][] comp; // comp[r1][r2] = roles t with r1 ∘ r2 ⊑ t (via sub-properties of the chain roles)
    private int[][] uni; // uni[r] = roles t implied by r through chains with a reflexive member

    // fresh classes: fillers N (complex or range-restricted existential fillers, nominals) and contexts L
    private final List<OWLClassExpression> fillerExpr = new ArrayList<>();
    private final HashMap<OWLClassExpression, Integer> fillerIdx = new HashMap<>();
    private final List<OWLClassExpression> ctxExpr = new ArrayList<>();
    private final HashMap<OWLClassExpression, Integer> ctxIdx = new HashMap<>();

    // attachments: context -> (role, element) where element >= 0 is a class, < 0 is -(filler + 1), SELF itself
    private static final int K_CLASS = 0;
    private static final int K_FILLER = 1;
    private static final int K_CTX = 2;
    private static final int K_THING = 3;
    private final HashMap<Long, LongList> attach = new HashMap<>();

    // taxonomy of the extended ontology
    private int nNodes;
    private int top = -1;
    private int bottom = -1;
    private int[][] supers;
    private int[][] nodeNamed; // class indices
    private int[][] nodeFresh; // filler indices
    private int[] classNode;
    private int[] fillerNode;
    private int[] ctxNode;
    private int[][] nparents; // minimal named ancestor nodes (for named and filler nodes)
    private final HashMap<Integer, int[]> ancCache = new HashMap<>();
    private boolean inconsistent;

    // edges
    private long[][] attachByNode; // (role << 32 | target node or SELF), sorted
    private int[] fillerSlot; // node -> index into fillerEdges, or -1
    private LongSet[] fillerEdges;

    // output of the closure
    private final IntList linkS = new IntList(1024);
    private final IntList linkR = new IntList(1024);
    private final IntList linkT = new IntList(1024);

    // stats
    double secClassify;
    double secClosure;
    double secWrite;
    long records;
    int unsatCount;
    private long edgeCount;

    Extractor(Session s, Progress progress) {
        this.s = s;
        this.progress = progress;
        this.df = s.df;
        this.render = new Render(s);
    }

    // =============================================================================================== entry point

    void run(File out) throws BridgeException, IOException {
        long t0 = System.nanoTime();
        indexSignature();
        collectPropertyAxioms();
        buildCompositions();
        collectAttachments();
        if (DEBUG) {
            int na = 0;
            for (LongList l : attach.values()) {
                na += l.size();
            }
            System.err.println("[extract] classes=" + classes.length + " props=" + props.length + " roles=" + nRoles
                + " fillers=" + fillerExpr.size() + " contexts=" + ctxExpr.size() + " attachments=" + na);
        }
        progress.report("classify", 0.0);
        // free the plain reasoner while the extended ontology is classified when memory may be tight (it is
        // recreated on the next entailed/superclasses/explain request)
        Runtime rt = Runtime.getRuntime();
        if (classes.length > 100_000 || rt.totalMemory() - rt.freeMemory() > 0.35 * rt.maxMemory()) {
            s.disposeReasoner();
        }
        List<OWLAxiom> freshAxioms = freshAxioms();
        org.semanticweb.elk.reasoner.Reasoner r = new org.semanticweb.elk.reasoner.ReasonerFactory().createReasoner(
            monitor -> new ElkLoader(monitor, s.closure, freshAxioms),
            org.semanticweb.elk.reasoner.config.ReasonerConfiguration.getConfiguration());
        r.setProgressMonitor(new ClassifyMonitor(progress));
        r.setAllowFreshEntities(true);
        try {
            inconsistent = Incompleteness.getValue(r.isInconsistent());
            if (!inconsistent) {
                readTaxonomy(Incompleteness.getValue(r.getTaxonomyQuietly()));
            }
        } catch (org.semanticweb.elk.exceptions.ElkException e) {
            throw new IllegalStateException("ELK failed: " + e.getMessage(), e);
        } finally {
            try {
                r.shutdown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long t1 = System.nanoTime();
        secClassify = (t1 - t0) / 1e9;
        progress.report("classify", 1.0);
        progress.report("closure", 0.0);
        if (!inconsistent) {
            topo = topoOrder();
            computeNamedParents();
            resolveAttachments();
            fillerClosure();
            long t2 = System.nanoTime();
            computeLinks();
            if (DEBUG) {
                System.err.printf("[extract] filler closure %.2fs, links %.2fs, edges %d, links %d%n",
                    (t2 - t1) / 1e9, (System.nanoTime() - t2) / 1e9, edgeCount, linkS.size());
            }
        }
        long t3 = System.nanoTime();
        secClosure = (t3 - t1) / 1e9;
        progress.report("closure", 1.0);
        progress.report("write", 0.0);
        write(out);
        secWrite = (System.nanoTime() - t3) / 1e9;
        progress.report("write", 1.0);
    }

    int linkCount() {
        return linkS.size();
    }

    int fillerCount() {
        return fillerExpr.size();
    }

    int freshClassCount() {
        return fillerExpr.size() + ctxExpr.size();
    }

    // =============================================================================================== signature

    @SuppressWarnings("unchecked")
    private void indexSignature() {
        classes = s.root.classesInSignature(Imports.INCLUDED).filter(c -> !c.isOWLThing() && !c.isOWLNothing())
            .sorted((a, b) -> a.getIRI().toString().compareTo(b.getIRI().toString())).toArray(OWLClass[]::new);
        for (int i = 0; i < classes.length; i++) {
            classIdx.put(classes[i].getIRI().toString(), i);
        }
        props = s.root.objectPropertiesInSignature(Imports.INCLUDED)
            .filter(p -> !p.isOWLTopObjectProperty() && !p.isOWLBottomObjectProperty())
            .sorted((a, b) -> a.getIRI().toString().compareTo(b.getIRI().toString()))
            .toArray(OWLObjectProperty[]::new);
        for (int i = 0; i < props.length; i++) {
            propIdx.put(props[i], i);
        }
        int np = props.length;
        propParents = new IntList[np];
        chainsBySuper = new List[np];
        ranges = new List[np];
        for (int i = 0; i < np; i++) {
            propParents[i] = new IntList(2);
            chainsBySuper[i] = new ArrayList<>(1);
            ranges[i] = new ArrayList<>(1);
        }
        transitive = new boolean[np];
        reflexiveTold = new boolean[np];
        reflexive = new boolean[np];
    }

    private int prop(OWLObjectPropertyExpression pe) {
        if (pe.isAnonymous()) {
            return -1;
        }
        Integer i = propIdx.get(pe.asOWLObjectProperty());
        return i == null ? -1 : i;
    }

    private void collectPropertyAxioms() {
        for (OWLOntology o : s.closure) {
            o.axioms(AxiomType.SUB_OBJECT_PROPERTY).forEach((OWLSubObjectPropertyOfAxiom ax) -> {
                if (elkIgnores(ax)) {
                    return;
                }
                int a = prop(ax.getSubProperty());
                int b = prop(ax.getSuperProperty());
                if (a >= 0 && b >= 0 && a != b) {
                    propParents[a].add(b);
                }
            });
            o.axioms(AxiomType.EQUIVALENT_OBJECT_PROPERTIES).forEach((OWLEquivalentObjectPropertiesAxiom ax) -> {
                if (elkIgnores(ax)) {
                    return;
                }
                List<OWLObjectPropertyExpression> ps = ax.getOperandsAsList();
                for (OWLObjectPropertyExpression p : ps) {
                    for (OWLObjectPropertyExpression q : ps) {
                        int a = prop(p);
                        int b = prop(q);
                        if (a >= 0 && b >= 0 && a != b) {
                            propParents[a].add(b);
                        }
                    }
                }
            });
            o.axioms(AxiomType.SUB_PROPERTY_CHAIN_OF).forEach((OWLSubPropertyChainOfAxiom ax) -> {
                if (elkIgnores(ax)) {
                    return;
                }
                int sup = prop(ax.getSuperProperty());
                List<OWLObjectPropertyExpression> ch = ax.getPropertyChain();
                int[] roles = new int[ch.size()];
                for (int i = 0; i < roles.length; i++) {
                    roles[i] = prop(ch.get(i));
                    if (roles[i] < 0) {
                        return;
                    }
                }
                if (sup < 0) {
                    return;
                }
                chainsBySuper[sup].add(roles);
                int[] full = Arrays.copyOf(roles, roles.length + 1);
                full[roles.length] = sup;
                allChains.add(full);
            });
            o.axioms(AxiomType.TRANSITIVE_OBJECT_PROPERTY).forEach(ax -> {
                int p = prop(ax.getProperty());
                if (p >= 0) {
                    transitive[p] = true;
                }
            });
            o.axioms(AxiomType.REFLEXIVE_OBJECT_PROPERTY).forEach(ax -> {
                int p = prop(ax.getProperty());
                if (p >= 0) {
                    reflexiveTold[p] = true;
                }
            });
            o.axioms(AxiomType.OBJECT_PROPERTY_RANGE).forEach((OWLObjectPropertyRangeAxiom ax) -> {
                if (elkIgnores(ax)) {
                    return;
                }
                int p = prop(ax.getProperty());
                if (p >= 0) {
                    ranges[p].add(ax.getRange());
                }
            });
        }
        for (int i = 0; i < props.length; i++) {
            propParents[i] = dedup(propParents[i]);
            if (transitive[i]) {
                allChains.add(new int[] {i, i, i});
            }
        }
        int np = props.length;
        supStar = new BitSet[np];
        for (int i = 0; i < np; i++) {
            BitSet b = new BitSet(np);
            ArrayDequeInt q = new ArrayDequeInt();
            b.set(i);
            q.push(i);
            while (!q.isEmpty()) {
                int x = q.pop();
                IntList ps = propParents[x];
                for (int k = 0; k < ps.size(); k++) {
                    int y = ps.get(k);
                    if (!b.get(y)) {
                        b.set(y);
                        q.push(y);
                    }
                }
            }
            supStar[i] = b;
        }
        // effective reflexivity (reported in the dump; TypeScript applies A ⊑ B ⇒ A ⊑ ∃r.B for these)
        System.arraycopy(reflexiveTold, 0, reflexive, 0, np);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < np; i++) {
                if (reflexive[i]) {
                    for (int j = supStar[i].nextSetBit(0); j >= 0; j = supStar[i].nextSetBit(j + 1)) {
                        if (!reflexive[j]) {
                            reflexive[j] = true;
                            changed = true;
                        }
                    }
                }
            }
            for (int[] ch : allChains) {
                int sup = ch[ch.length - 1];
                if (reflexive[sup]) {
                    continue;
                }
                boolean all = true;
                for (int k = 0; k < ch.length - 1; k++) {
                    all &= reflexive[ch[k]];
                }
                if (all) {
                    reflexive[sup] = true;
                    changed = true;
                }
            }
        }
    }

    private static IntList dedup(IntList l) {
        int[] a = l.toSortedSet();
        IntList r = new IntList(Math.max(1, a.length));
        for (int v : a) {
            r.add(v);
        }
        return r;
    }

    /**
     * Binarises the chains (r1∘r2∘r3 ⊑ t becomes r1∘r2 ⊑ h, h∘r3 ⊑ t with a helper role h) and tabulates, for every
     * pair of roles, the roles their composition implies, taking sub-properties of the chain members into account.
     */
    private void buildCompositions() {
        int np = props.length;
        List<int[]> bin = new ArrayList<>(); // a, b, t
        List<Boolean> helperReflexive = new ArrayList<>();
        int next = np;
        HashMap<Long, Integer> helperOf = new HashMap<>();
        for (int[] ch : allChains) {
            int n = ch.length - 1;
            int left = ch[0];
            for (int k = 1; k < n; k++) {
                int t;
                if (k == n - 1) {
                    t = ch[n];
                } else {
                    long key = ((long) left << 32) | (ch[k] & 0xffffffffL);
                    Integer h = helperOf.get(key);
                    if (h == null) {
                        h = next++;
                        helperOf.put(key, h);
                        helperReflexive.add(isReflexive(left, helperReflexive) && isReflexive(ch[k], helperReflexive));
                    }
                    t = h;
                }
                bin.add(new int[] {left, ch[k], t});
                left = t;
            }
        }
        nRoles = next;
        // sub-roles of every role (helpers only have themselves)
        int[][] subs = new int[nRoles][];
        IntList[] sl = new IntList[np];
        for (int i = 0; i < np; i++) {
            sl[i] = new IntList(2);
        }
        for (int i = 0; i < np; i++) {
            for (int j = supStar[i].nextSetBit(0); j >= 0; j = supStar[i].nextSetBit(j + 1)) {
                sl[j].add(i);
            }
        }
        for (int i = 0; i < nRoles; i++) {
            subs[i] = i < np ? sl[i].toArray() : new int[] {i};
        }
        HashMap<Long, Set<Integer>> table = new HashMap<>();
        List<Set<Integer>> uniSets = new ArrayList<>();
        for (int i = 0; i < nRoles; i++) {
            uniSets.add(null);
        }
        for (int[] c : bin) {
            int a = c[0];
            int b = c[1];
            int t = c[2];
            for (int r1 : subs[a]) {
                for (int r2 : subs[b]) {
                    table.computeIfAbsent(((long) r1 << 32) | r2, k -> new TreeSet<>()).add(t);
                }
            }
            // a reflexive member makes the other member alone imply t (x -r-> x for reflexive r)
            if (isReflexive(b, helperReflexive)) {
                for (int r1 : subs[a]) {
                    if (uniSets.get(r1) == null) {
                        uniSets.set(r1, new TreeSet<>());
                    }
                    uniSets.get(r1).add(t);
                }
            }
            if (isReflexive(a, helperReflexive)) {
                for (int r2 : subs[b]) {
                    if (uniSets.get(r2) == null) {
                        uniSets.set(r2, new TreeSet<>());
                    }
                    uniSets.get(r2).add(t);
                }
            }
        }
        comp = new int[nRoles][][];
        for (Map.Entry<Long, Set<Integer>> e : table.entrySet()) {
            int r1 = (int) (e.getKey() >>> 32);
            int r2 = (int) (long) e.getKey();
            if (comp[r1] == null) {
                comp[r1] = new int[nRoles][];
            }
            comp[r1][r2] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
        }
        uni = new int[nRoles][];
        for (int i = 0; i < nRoles; i++) {
            Set<Integer> u = uniSets.get(i);
            uni[i] = u == null ? null : u.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private boolean isReflexive(int role, List<Boolean> helperReflexive) {
        return role < props.length ? reflexive[role] : helperReflexive.get(role - props.length);
    }

    /** Minimal int stack. */
    static final class ArrayDequeInt {
        private int[] a = new int[16];
        private int n;

        void push(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        int pop() {
            return a[--n];
        }

        boolean isEmpty() {
            return n == 0;
        }
    }

    // =============================================================================================== attachments

    private final Map<Integer, Set<OWLClassExpression>> rangeMemo = new HashMap<>();

    private Set<OWLClassExpression> rangeSet(int role) {
        return rangeMemo.computeIfAbsent(role, r -> {
            Set<OWLClassExpression> out = new LinkedHashSet<>();
            for (int q = supStar[r].nextSetBit(0); q >= 0; q = supStar[r].nextSetBit(q + 1)) {
                for (OWLClassExpression c : ranges[q]) {
                    if (isEL(c) && !c.isOWLThing()) {
                        out.add(c);
                    }
                }
            }
            return out;
        });
    }

    private OWLClassExpression conj(OWLClassExpression f, Set<OWLClassExpression> extra) {
        if (extra.isEmpty()) {
            return f;
        }
        Set<OWLClassExpression> ops = new TreeSet<>();
        addConjuncts(f, ops);
        for (OWLClassExpression c : extra) {
            addConjuncts(c, ops);
        }
        if (ops.isEmpty()) {
            return df.getOWLThing();
        }
        if (ops.size() == 1) {
            return ops.iterator().next();
        }
        return df.getOWLObjectIntersectionOf(ops);
    }

    private static void addConjuncts(OWLClassExpression c, Set<OWLClassExpression> ops) {
        if (c instanceof OWLObjectIntersectionOf) {
            for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                addConjuncts(x, ops);
            }
        } else if (!c.isOWLThing()) {
            ops.add(c);
        }
    }

    /** Class expressions ELK fully supports in positive positions (names, intersections, existentials, nominals). */
    private static boolean isEL(OWLClassExpression c) {
        switch (c.getClassExpressionType()) {
            case OWL_CLASS:
                return true;
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    if (!isEL(x)) {
                        return false;
                    }
                }
                return true;
            case OBJECT_SOME_VALUES_FROM:
                OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) c;
                return !sv.getProperty().isAnonymous() && isEL(sv.getFiller());
            case OBJECT_HAS_VALUE:
                return !((OWLObjectHasValue) c).getProperty().isAnonymous()
                    && ((OWLObjectHasValue) c).getFiller().isNamed();
            case OBJECT_ONE_OF:
                List<OWLIndividual> is = ((OWLObjectOneOf) c).getOperandsAsList();
                return is.size() == 1 && is.get(0).isNamed();
            case OBJECT_HAS_SELF:
                return !((OWLObjectHasSelf) c).getProperty().isAnonymous();
            default:
                return false;
        }
    }

    private static long ref(int kind, int idx) {
        return ((long) kind << 32) | (idx & 0xffffffffL);
    }

    /** The context (class, Thing, or fresh L ⊒ C) whose subclasses inherit the existentials attached to it. */
    private long context(OWLClassExpression c) {
        if (!c.isAnonymous()) {
            if (c.isOWLThing()) {
                return ref(K_THING, 0);
            }
            if (c.isOWLNothing()) {
                return -1;
            }
            Integer i = classIdx.get(c.asOWLClass().getIRI().toString());
            return i == null ? -1 : ref(K_CLASS, i);
        }
        Integer l = ctxIdx.get(c);
        if (l == null) {
            l = ctxExpr.size();
            ctxExpr.add(c);
            ctxIdx.put(c, l);
        }
        return ref(K_CTX, l);
    }

    /** The element an r-edge to F leads to: F itself when named and r has no ranges, else a fresh N ≡ F ⊓ ranges. */
    private int element(int role, OWLClassExpression f) {
        OWLClassExpression e = role >= 0 ? conj(f, rangeSet(role)) : f;
        if (!e.isAnonymous() && !e.isOWLThing()) {
            Integer c = classIdx.get(e.asOWLClass().getIRI().toString());
            return c == null ? Integer.MIN_VALUE : c;
        }
        Integer n = fillerIdx.get(e);
        if (n == null) {
            n = fillerExpr.size();
            fillerExpr.add(e);
            fillerIdx.put(e, n);
            // the element's own existentials (nested in F, or in the ranges)
            attach(ref(K_FILLER, n), e);
        }
        return -(n + 1);
    }

    private void addAttachment(long ctx, int role, int elem) {
        attach.computeIfAbsent(ctx, k -> new LongList(2)).add(((long) role << 32) | (elem & 0xffffffffL));
    }

    /** Attaches the top-level existential conjuncts of a (positively occurring) class expression to a context. */
    private void attach(long ctx, OWLClassExpression c) {
        if (ctx == -1) {
            return;
        }
        switch (c.getClassExpressionType()) {
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    attach(ctx, x);
                }
                break;
            case OBJECT_SOME_VALUES_FROM: {
                OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) c;
                int r = prop(sv.getProperty());
                if (r >= 0 && isEL(sv.getFiller()) && !sv.getFiller().isOWLNothing()) {
                    int e = element(r, sv.getFiller());
                    if (e != Integer.MIN_VALUE) {
                        addAttachment(ctx, r, e);
                    }
                }
                break;
            }
            case OBJECT_HAS_VALUE: {
                OWLObjectHasValue hv = (OWLObjectHasValue) c;
                int r = prop(hv.getProperty());
                if (r >= 0 && hv.getFiller().isNamed()) {
                    addAttachment(ctx, r, element(r, df.getOWLObjectOneOf(hv.getFiller())));
                }
                break;
            }
            case OBJECT_HAS_SELF: {
                int r = prop(((OWLObjectHasSelf) c).getProperty());
                if (r >= 0) {
                    addAttachment(ctx, r, SELF);
                }
                break;
            }
            case OBJECT_ONE_OF: {
                // C ⊑ {a}: everything {a} has, C has
                List<OWLIndividual> is = ((OWLObjectOneOf) c).getOperandsAsList();
                if (is.size() == 1 && is.get(0).isNamed()) {
                    element(-1, c);
                }
                break;
            }
            default:
                break;
        }
    }

    private long nominal(OWLIndividual a) {
        int e = element(-1, df.getOWLObjectOneOf(a));
        return ref(K_FILLER, -e - 1);
    }

    private void collectAttachments() {
        for (OWLOntology o : s.closure) {
            o.logicalAxioms().forEach(ax -> {
                if (!elkIgnores(ax)) {
                    attachAxiom(ax);
                }
            });
        }
    }

    /**
     * ELK skips a whole axiom when its indexing meets a construct it does not support (universal restrictions,
     * cardinalities, inverse properties, most data restrictions, anonymous individuals); mirror that.
     */
    static boolean elkIgnores(OWLAxiom ax) {
        return unsupported(ax.getAxiomWithoutAnnotations());
    }

    private static boolean unsupported(Object o) {
        if (o instanceof java.util.Collection) {
            for (Object x : (java.util.Collection<?>) o) {
                if (unsupported(x)) {
                    return true;
                }
            }
            return false;
        }
        if (!(o instanceof org.semanticweb.owlapi.model.OWLObject) || o instanceof org.semanticweb.owlapi.model.OWLEntity
            || o instanceof IRI || o instanceof OWLLiteral) {
            return false;
        }
        if (o instanceof org.semanticweb.owlapi.model.OWLObjectAllValuesFrom
            || o instanceof org.semanticweb.owlapi.model.OWLObjectCardinalityRestriction
            || o instanceof org.semanticweb.owlapi.model.OWLObjectInverseOf
            || o instanceof org.semanticweb.owlapi.model.OWLDataAllValuesFrom
            || o instanceof org.semanticweb.owlapi.model.OWLDataCardinalityRestriction
            || o instanceof org.semanticweb.owlapi.model.OWLDataSomeValuesFrom
            || o instanceof org.semanticweb.owlapi.model.OWLAnonymousIndividual) {
            return true;
        }
        return ((org.semanticweb.owlapi.model.OWLObject) o).components().anyMatch(Extractor::unsupported);
    }

    private void attachAxiom(OWLLogicalAxiom ax) {
        switch (ax.getAxiomType().getName()) {
            case "SubClassOf": {
                OWLSubClassOfAxiom sc = (OWLSubClassOfAxiom) ax;
                if (hasExistential(sc.getSuperClass())) {
                    attach(context(sc.getSubClass()), sc.getSuperClass());
                }
                break;
            }
            case "EquivalentClasses": {
                List<OWLClassExpression> ops = ((OWLEquivalentClassesAxiom) ax).getOperandsAsList();
                boolean any = false;
                for (OWLClassExpression c : ops) {
                    any |= hasExistential(c);
                }
                if (!any) {
                    break;
                }
                OWLClassExpression anchor = null;
                for (OWLClassExpression c : ops) {
                    if (!c.isAnonymous()) {
                        anchor = c;
                        break;
                    }
                }
                if (anchor == null) {
                    anchor = ops.get(0);
                }
                long ctx = context(anchor);
                for (OWLClassExpression c : ops) {
                    attach(ctx, c);
                }
                break;
            }
            case "ObjectPropertyDomain": {
                OWLObjectPropertyDomainAxiom d = (OWLObjectPropertyDomainAxiom) ax;
                if (hasExistential(d.getDomain())) {
                    attach(context(df.getOWLObjectSomeValuesFrom(d.getProperty(), df.getOWLThing())), d.getDomain());
                }
                break;
            }
            case "ClassAssertion": {
                OWLClassAssertionAxiom ca = (OWLClassAssertionAxiom) ax;
                if (ca.getIndividual().isNamed()) {
                    long ctx = nominal(ca.getIndividual());
                    if (hasExistential(ca.getClassExpression())) {
                        attach(ctx, ca.getClassExpression());
                    }
                }
                break;
            }
            case "ObjectPropertyAssertion": {
                OWLObjectPropertyAssertionAxiom pa = (OWLObjectPropertyAssertionAxiom) ax;
                int r = prop(pa.getProperty());
                if (r >= 0 && pa.getSubject().isNamed() && pa.getObject().isNamed()) {
                    addAttachment(nominal(pa.getSubject()), r, element(r, df.getOWLObjectOneOf(pa.getObject())));
                }
                break;
            }
            default:
                break;
        }
    }

    private static boolean hasExistential(OWLClassExpression c) {
        switch (c.getClassExpressionType()) {
            case OBJECT_SOME_VALUES_FROM:
            case OBJECT_HAS_VALUE:
            case OBJECT_HAS_SELF:
            case OBJECT_ONE_OF:
                return true;
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    if (hasExistential(x)) {
                        return true;
                    }
                }
                return false;
            default:
                return false;
        }
    }

    // =============================================================================================== ELK

    /**
     * F with each nested existential filler that has its own fresh class replaced by that class: N_k ≡ ∃r.N_k+1
     * instead of N_k ≡ ∃r.∃r.…, which is equivalent given N_k+1's own definition. A chain nested n deep then
     * costs ELK n small axioms instead of n axioms of size up to n (quadratic indexing).
     */
    private OWLClassExpression shallow(OWLClassExpression e) {
        switch (e.getClassExpressionType()) {
            case OBJECT_INTERSECTION_OF: {
                List<OWLClassExpression> ops = new ArrayList<>();
                for (OWLClassExpression o : ((OWLObjectIntersectionOf) e).getOperandsAsList()) {
                    ops.add(shallow(o));
                }
                return df.getOWLObjectIntersectionOf(ops);
            }
            case OBJECT_SOME_VALUES_FROM: {
                OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) e;
                OWLClassExpression f = sv.getFiller();
                Integer k = f.isAnonymous() ? fillerIdx.get(f) : null;
                return k == null ? e : df.getOWLObjectSomeValuesFrom(sv.getProperty(), df.getOWLClass(IRI.create(FILLER_NS + k)));
            }
            default:
                return e;
        }
    }

    /** The fresh definitions: N ≡ F ⊓ ranges for fillers, C ⊑ L for complex contexts. */
    private List<OWLAxiom> freshAxioms() {
        List<OWLAxiom> axs = new ArrayList<>();
        for (int n = 0; n < fillerExpr.size(); n++) {
            axs.add(df.getOWLEquivalentClassesAxiom(df.getOWLClass(IRI.create(FILLER_NS + n)), shallow(fillerExpr.get(n))));
        }
        for (int l = 0; l < ctxExpr.size(); l++) {
            // C ⊑ L: the subclasses of L are exactly those of C (also for C outside EL, e.g. unions)
            axs.add(df.getOWLSubClassOfAxiom(ctxExpr.get(l), df.getOWLClass(IRI.create(CTX_NS + l))));
        }
        if (System.getenv("OARAG_BRIDGE_DUMP_EXT") != null) {
            try {
                OWLOntology ext = OWLManager.createOWLOntologyManager().createOntology();
                for (OWLOntology o : s.closure) {
                    ext.add(o.logicalAxioms().collect(Collectors.toList()));
                }
                ext.add(axs);
                ext.getOWLOntologyManager().saveOntology(ext,
                    new org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat(),
                    new FileOutputStream(System.getenv("OARAG_BRIDGE_DUMP_EXT")));
            } catch (Exception e) {
                System.err.println("[extract] could not dump the extended ontology: " + e);
            }
        }
        return axs;
    }

    /**
     * Feeds ELK the logical axioms and declarations of the imports closure plus the fresh axioms, straight from the
     * OWL API objects (no copy of the ontology).
     */
    static final class ElkLoader extends org.semanticweb.elk.loading.AbstractAxiomLoader {
        private final List<OWLOntology> closure;
        private final List<OWLAxiom> extra;
        private boolean finished;

        ElkLoader(org.semanticweb.elk.util.concurrent.computation.InterruptMonitor monitor, List<OWLOntology> closure,
            List<OWLAxiom> extra) {
            super(monitor);
            this.closure = closure;
            this.extra = extra;
        }

        @Override
        public void load(org.semanticweb.elk.owl.visitors.ElkAxiomProcessor inserter,
            org.semanticweb.elk.owl.visitors.ElkAxiomProcessor deleter) {
            if (finished) {
                return;
            }
            org.semanticweb.elk.owlapi.wrapper.OwlConverter conv =
                org.semanticweb.elk.owlapi.wrapper.OwlConverter.getInstance();
            for (OWLOntology o : closure) {
                for (OWLAxiom ax : (Iterable<OWLLogicalAxiom>) o.logicalAxioms()::iterator) {
                    if (conv.isRelevantAxiom(ax)) {
                        inserter.visit(conv.convert(ax));
                    }
                }
                for (OWLDeclarationAxiom d : (Iterable<OWLDeclarationAxiom>) o.axioms(AxiomType.DECLARATION)::iterator) {
                    if (d.getEntity().isOWLClass() || d.getEntity().isOWLObjectProperty()) {
                        inserter.visit(conv.convert(d));
                    }
                }
                if (isInterrupted()) {
                    return;
                }
            }
            for (OWLAxiom ax : extra) {
                inserter.visit(conv.convert(ax));
            }
            finished = true;
        }

        @Override
        public boolean isLoadingFinished() {
            return finished;
        }
    }

    /** Forwards ELK's task progress as one monotone "classify" fraction. */
    static final class ClassifyMonitor implements org.semanticweb.owlapi.reasoner.ReasonerProgressMonitor,
        org.semanticweb.elk.reasoner.ProgressMonitor {
        private static final long serialVersionUID = 1L;
        private final Progress p;
        private int task = -1;
        private double last;

        ClassifyMonitor(Progress p) {
            this.p = p;
        }

        @Override
        public void reasonerTaskStarted(String name) {
            task++;
        }

        @Override
        public void reasonerTaskStopped() {
        }

        @Override
        public void reasonerTaskProgressChanged(int value, int max) {
            if (max <= 0) {
                return;
            }
            double stage = Math.min(task, 5);
            double f = (stage + Math.min(1.0, value / (double) max)) / 6.0;
            if (f > last) {
                last = Math.min(0.99, f);
                p.report("classify", last);
            }
        }

        @Override
        public void reasonerTaskBusy() {
        }

        @Override
        public void start(String message) {
            reasonerTaskStarted(message);
        }

        @Override
        public void report(int state, int maxState) {
            reasonerTaskProgressChanged(state, maxState);
        }

        @Override
        public void finish() {
            reasonerTaskStopped();
        }
    }

    private void readTaxonomy(Taxonomy<ElkClass> tax) {
        IdentityHashMap<TaxonomyNode<ElkClass>, Integer> ids = new IdentityHashMap<>();
        List<TaxonomyNode<ElkClass>> nodes = new ArrayList<>(tax.getNodes());
        TaxonomyNode<ElkClass> bot = tax.getBottomNode();
        if (!nodes.contains(bot)) {
            nodes.add(bot);
        }
        for (TaxonomyNode<ElkClass> n : nodes) {
            ids.put(n, ids.size());
        }
        nNodes = nodes.size();
        top = ids.get(tax.getTopNode());
        bottom = ids.get(bot);
        supers = new int[nNodes][];
        nodeNamed = new int[nNodes][];
        nodeFresh = new int[nNodes][];
        classNode = new int[classes.length];
        Arrays.fill(classNode, -1);
        fillerNode = new int[fillerExpr.size()];
        Arrays.fill(fillerNode, -1);
        ctxNode = new int[ctxExpr.size()];
        Arrays.fill(ctxNode, -1);
        IntList named = new IntList();
        IntList fresh = new IntList();
        for (TaxonomyNode<ElkClass> n : nodes) {
            int id = ids.get(n);
            named.clear();
            fresh.clear();
            for (ElkClass c : n) {
                String iri = c.getIri().getFullIriAsString();
                if (iri.startsWith("urn:oarag:")) {
                    if (iri.startsWith(FILLER_NS)) {
                        int k = Integer.parseInt(iri.substring(FILLER_NS.length()));
                        fresh.add(k);
                        fillerNode[k] = id;
                        continue;
                    }
                    if (iri.startsWith(CTX_NS)) {
                        ctxNode[Integer.parseInt(iri.substring(CTX_NS.length()))] = id;
                        continue;
                    }
                }
                Integer k = classIdx.get(iri);
                if (k != null) {
                    named.add(k);
                    classNode[k] = id;
                }
            }
            nodeNamed[id] = named.toSortedSet();
            nodeFresh[id] = fresh.toSortedSet();
            if (id == bottom) {
                supers[id] = IntList.EMPTY;
                continue;
            }
            IntList sp = new IntList(2);
            for (TaxonomyNode<ElkClass> p : n.getDirectSuperNodes()) {
                Integer pid = ids.get(p);
                if (pid != null) {
                    sp.add(pid);
                }
            }
            supers[id] = sp.toSortedSet();
        }
    }

    // =============================================================================================== hierarchy

    private boolean isNamedNode(int n) {
        return n == top || nodeNamed[n].length > 0;
    }

    private int[] topo;
    private int[] stamp;
    private int stampNo;

    private int[] topoOrder() {
        int[] indeg = new int[nNodes];
        int[] cc = new int[nNodes];
        for (int n = 0; n < nNodes; n++) {
            if (n == bottom) {
                continue;
            }
            for (int p : supers[n]) {
                cc[p]++;
            }
            indeg[n] = supers[n].length;
        }
        int[][] children = new int[nNodes][];
        for (int n = 0; n < nNodes; n++) {
            children[n] = new int[cc[n]];
            cc[n] = 0;
        }
        for (int n = 0; n < nNodes; n++) {
            if (n == bottom) {
                continue;
            }
            for (int p : supers[n]) {
                children[p][cc[p]++] = n;
            }
        }
        int[] order = new int[nNodes];
        int head = 0;
        int tail = 0;
        for (int n = 0; n < nNodes; n++) {
            if (n != bottom && indeg[n] == 0) {
                order[tail++] = n;
            }
        }
        while (head < tail) {
            int n = order[head++];
            for (int c : children[n]) {
                if (--indeg[c] == 0) {
                    order[tail++] = c;
                }
            }
        }
        return Arrays.copyOf(order, tail);
    }

    /** Direct named superclasses, walking up through fresh nodes and keeping the minimal ones. */
    private void computeNamedParents() {
        nparents = new int[nNodes][];
        int[][] fr = new int[nNodes][];
        stamp = new int[nNodes];
        IntList cand = new IntList();
        for (int n : topo) {
            cand.clear();
            boolean viaFresh = false;
            for (int p : supers[n]) {
                if (isNamedNode(p)) {
                    cand.add(p);
                } else {
                    int[] f = fr[p];
                    if (f != null && f.length > 0) {
                        for (int v : f) {
                            cand.add(v);
                        }
                        viaFresh = true;
                    }
                }
            }
            int[] c = cand.toSortedSet();
            if (!isNamedNode(n)) {
                fr[n] = c;
            }
            nparents[n] = (viaFresh && c.length > 1) ? minimise(c) : c;
        }
    }

    /** Removes candidates that are ancestors of other candidates. */
    private int[] minimise(int[] c) {
        stampNo++;
        ArrayDequeInt q = new ArrayDequeInt();
        for (int v : c) {
            int[] ps = nparents[v];
            if (ps != null) {
                for (int p : ps) {
                    if (stamp[p] != stampNo) {
                        stamp[p] = stampNo;
                        q.push(p);
                    }
                }
            }
        }
        while (!q.isEmpty()) {
            int v = q.pop();
            int[] ps = nparents[v];
            if (ps != null) {
                for (int p : ps) {
                    if (stamp[p] != stampNo) {
                        stamp[p] = stampNo;
                        q.push(p);
                    }
                }
            }
        }
        IntList r = new IntList(c.length);
        for (int v : c) {
            if (stamp[v] != stampNo && !(v == top && c.length > 1)) {
                r.add(v);
            }
        }
        return r.toArray();
    }

    /** Named ancestor-or-self nodes of a node (for an unnamed node: of its named parents). */
    private int[] ancOrSelf(int node) {
        int[] hit = ancCache.get(node);
        if (hit != null) {
            return hit;
        }
        stampNo++;
        IntList out = new IntList();
        ArrayDequeInt q = new ArrayDequeInt();
        if (isNamedNode(node)) {
            stamp[node] = stampNo;
            q.push(node);
        } else if (nparents[node] != null) {
            for (int p : nparents[node]) {
                if (stamp[p] != stampNo) {
                    stamp[p] = stampNo;
                    q.push(p);
                }
            }
        }
        while (!q.isEmpty()) {
            int v = q.pop();
            out.add(v);
            int[] ps = nparents[v];
            if (ps != null) {
                for (int p : ps) {
                    if (stamp[p] != stampNo) {
                        stamp[p] = stampNo;
                        q.push(p);
                    }
                }
            }
        }
        int[] r = out.toSortedSet();
        ancCache.put(node, r);
        return r;
    }

    // =============================================================================================== closure

    private static long edge(int role, int node) {
        return ((long) role << 32) | (node & 0xffffffffL);
    }

    private static int roleOf(long e) {
        return (int) (e >>> 32);
    }

    private static int nodeOf(long e) {
        return (int) e;
    }

    private int nodeOfRef(long ref) {
        int kind = (int) (ref >>> 32);
        int idx = (int) ref;
        switch (kind) {
            case K_CLASS: return classNode[idx];
            case K_FILLER: return fillerNode[idx];
            case K_CTX: return ctxNode[idx];
            default: return top;
        }
    }

    private int nodeOfElement(int elem) {
        if (elem == SELF) {
            return SELF;
        }
        return elem >= 0 ? classNode[elem] : fillerNode[-elem - 1];
    }

    /** Attachments per taxonomy node, as sorted edge arrays; marks the nodes that are edge targets (fillers). */
    private void resolveAttachments() {
        HashMap<Integer, LongList> byNode = new HashMap<>();
        fillerSlot = new int[nNodes];
        Arrays.fill(fillerSlot, -1);
        int slots = 0;
        for (Map.Entry<Long, LongList> e : attach.entrySet()) {
            int ctx = nodeOfRef(e.getKey());
            if (ctx < 0 || ctx == bottom) {
                continue;
            }
            LongList l = e.getValue();
            for (int i = 0; i < l.size(); i++) {
                long a = l.get(i);
                int role = roleOf(a);
                int tn = nodeOfElement((int) a);
                if (tn < 0 || tn == bottom) {
                    continue; // an edge into an unsatisfiable element: ELK made the context unsatisfiable
                }
                byNode.computeIfAbsent(ctx, k -> new LongList(2)).add(edge(role, tn));
                if (tn != SELF && fillerSlot[tn] < 0) {
                    fillerSlot[tn] = slots++;
                }
            }
        }
        attach.clear();
        attachByNode = new long[nNodes][];
        for (Map.Entry<Integer, LongList> e : byNode.entrySet()) {
            attachByNode[e.getKey()] = e.getValue().toSortedSet();
        }
        fillerEdges = new LongSet[slots];
    }

    /** Own attachments of a node; "self" markers (role, SELF) are resolved per node by {@link #selfEdges}. */
    private long[] ownEdges(int n) {
        return attachByNode[n];
    }

    /** Adds (r, n) for every self marker (r, SELF) in the sorted edge array. */
    private static void selfEdges(long[] a, int n, LongList out) {
        if (a == null) {
            return;
        }
        for (long e : a) {
            if (nodeOf(e) == SELF) {
                out.add(edge(roleOf(e), n));
            }
        }
    }

    /**
     * Full edge sets of the filler nodes (the only possible middles of a composition): a fixpoint over the told
     * edges (attachments of every ancestor) and compositions.
     */
    private void fillerClosure() {
        int slots = fillerEdges.length;
        int[] slotNode = new int[slots];
        for (int n = 0; n < nNodes; n++) {
            if (fillerSlot[n] >= 0) {
                slotNode[fillerSlot[n]] = n;
            }
        }
        // told edges of the fillers: attachments inherited down the taxonomy
        long[][] told = new long[nNodes][];
        int[] refc = new int[nNodes];
        for (int n : topo) {
            for (int p : supers[n]) {
                refc[p]++;
            }
        }
        long[][] buf = new long[16][];
        for (int n : topo) {
            int[] sp = supers[n];
            if (buf.length < sp.length + 1) {
                buf = new long[sp.length + 1][];
            }
            buf[0] = ownEdges(n);
            for (int i = 0; i < sp.length; i++) {
                buf[i + 1] = told[sp[i]];
            }
            told[n] = LongList.union(buf, sp.length + 1);
            Arrays.fill(buf, 0, sp.length + 1, null);
            if (fillerSlot[n] >= 0) {
                LongSet set = new LongSet(Math.max(8, told[n].length * 2));
                fillerEdges[fillerSlot[n]] = set;
            }
            for (int p : sp) {
                if (--refc[p] == 0 && fillerSlot[p] < 0) {
                    told[p] = null;
                }
            }
        }
        // predecessor index: middle slot -> (source slot, role)
        LongList[] preds = new LongList[slots];
        LongList queue = new LongList(1024); // pairs (slot, edge) flattened: slot, edge
        LongList selfs = new LongList(4);
        for (int k = 0; k < slots; k++) {
            long[] t = told[slotNode[k]];
            if (t != null) {
                for (long e : t) {
                    if (fillerEdges[k].add(e) && nodeOf(e) != SELF) {
                        queue.add(k);
                        queue.add(e);
                    }
                }
                selfs.clear();
                selfEdges(t, slotNode[k], selfs);
                for (int i = 0; i < selfs.size(); i++) {
                    if (fillerEdges[k].add(selfs.get(i))) {
                        queue.add(k);
                        queue.add(selfs.get(i));
                    }
                }
            }
        }
        told = null;
        int head = 0;
        long steps = 0;
        while (head < queue.size()) {
            int k = (int) queue.get(head++);
            long e = queue.get(head++);
            if (++steps % 200000 == 0) {
                progress.report("closure", Math.min(0.4, 0.4 * head / (double) queue.size()));
            }
            int r1 = roleOf(e);
            int mid = nodeOf(e);
            // unary consequences (chains with a reflexive member)
            int[] u = uni[r1];
            if (u != null) {
                for (int t : u) {
                    long ne = edge(t, mid);
                    if (fillerEdges[k].add(ne)) {
                        queue.add(k);
                        queue.add(ne);
                    }
                }
            }
            int ms = fillerSlot[mid];
            // e as the first step: compose with the middle's edges
            if (ms >= 0 && comp[r1] != null) {
                if (preds[ms] == null) {
                    preds[ms] = new LongList(4);
                }
                preds[ms].add(((long) k << 32) | (r1 & 0xffffffffL));
                LongSet me = fillerEdges[ms];
                int[][] row = comp[r1];
                for (int i = 0; i < me.size(); i++) {
                    long e2 = me.at(i);
                    if (nodeOf(e2) == SELF) {
                        continue;
                    }
                    int[] ts = row[roleOf(e2)];
                    if (ts != null) {
                        for (int t : ts) {
                            long ne = edge(t, nodeOf(e2));
                            if (fillerEdges[k].add(ne)) {
                                queue.add(k);
                                queue.add(ne);
                            }
                        }
                    }
                }
            }
            // e as the second step for every predecessor of this filler
            LongList pk = preds[k];
            if (pk != null) {
                for (int i = 0; i < pk.size(); i++) {
                    long pr = pk.get(i);
                    int src = (int) (pr >>> 32);
                    int r0 = (int) pr;
                    int[] ts = comp[r0][r1];
                    if (ts != null) {
                        for (int t : ts) {
                            long ne = edge(t, mid);
                            if (fillerEdges[src].add(ne)) {
                                queue.add(src);
                                queue.add(ne);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Closure of a few seed edges of node n, using the complete filler edge sets; a self-loop (r, n) composes with
     * the node's own edges.
     */
    private void closeSeeds(int n, LongList seeds, LongSet into, long[] inherited) {
        IntList selfRoles = null;
        int i = 0;
        while (i < seeds.size()) {
            long e = seeds.get(i++);
            int r1 = roleOf(e);
            int mid = nodeOf(e);
            if (mid == n && fillerSlot[n] < 0 && comp[r1] != null) {
                if (selfRoles == null) {
                    selfRoles = new IntList(2);
                }
                selfRoles.add(r1);
                int[][] row = comp[r1];
                for (long e2 : inherited) {
                    composeInto(row, e2, n, seeds, into, inherited);
                }
                for (int j = 0; j < into.size(); j++) {
                    composeInto(row, into.at(j), n, seeds, into, inherited);
                }
            }
            if (selfRoles != null && nodeOf(e) != SELF) {
                for (int k = 0; k < selfRoles.size(); k++) {
                    int[][] row = comp[selfRoles.get(k)];
                    composeInto(row, e, n, seeds, into, inherited);
                }
            }
            int[] u = uni[r1];
            if (u != null) {
                for (int t : u) {
                    long ne = edge(t, mid);
                    if (LongList.binarySearch(inherited, ne) < 0 && into.add(ne)) {
                        seeds.add(ne);
                    }
                }
            }
            int ms = fillerSlot[mid];
            if (ms >= 0 && comp[r1] != null) {
                LongSet me = fillerEdges[ms];
                int[][] row = comp[r1];
                for (int j = 0; j < me.size(); j++) {
                    long e2 = me.at(j);
                    if (nodeOf(e2) == SELF) {
                        continue;
                    }
                    int[] ts = row[roleOf(e2)];
                    if (ts != null) {
                        for (int t : ts) {
                            long ne = edge(t, nodeOf(e2));
                            if (LongList.binarySearch(inherited, ne) < 0 && into.add(ne)) {
                                seeds.add(ne);
                            }
                        }
                    }
                }
            }
        }
    }

    private void composeInto(int[][] row, long e2, int n, LongList seeds, LongSet into, long[] inherited) {
        if (nodeOf(e2) == SELF) {
            return;
        }
        int[] ts = row[roleOf(e2)];
        if (ts != null) {
            for (int t : ts) {
                long ne = edge(t, nodeOf(e2));
                if (LongList.binarySearch(inherited, ne) < 0 && into.add(ne)) {
                    seeds.add(ne);
                }
            }
        }
    }

    private void computeLinks() {
        int[] refc = new int[nNodes];
        for (int n : topo) {
            for (int p : supers[n]) {
                refc[p]++;
            }
            if (isNamedNode(n) && nparents[n] != null) {
                for (int p : nparents[n]) {
                    refc[p]++;
                }
            }
        }
        long[][] edges = new long[nNodes][];
        long[][] buf = new long[16][];
        LongList seeds = new LongList(64);
        LongList fresh = new LongList(64);
        int done = 0;
        for (int n : topo) {
            if (++done % 20000 == 0) {
                progress.report("closure", 0.4 + 0.6 * done / topo.length);
            }
            int[] sp = supers[n];
            if (buf.length < sp.length + 1) {
                buf = new long[sp.length + 1][];
            }
            for (int i = 0; i < sp.length; i++) {
                buf[i] = edges[sp[i]];
            }
            long[] inherited = LongList.union(buf, sp.length);
            Arrays.fill(buf, 0, sp.length + 1, null);
            long[] mine;
            if (fillerSlot[n] >= 0) {
                mine = fillerEdges[fillerSlot[n]].toSortedArray();
            } else {
                long[] own = ownEdges(n);
                seeds.clear();
                selfEdges(inherited, n, seeds);
                selfEdges(own, n, seeds);
                if (own == null && seeds.size() == 0) {
                    mine = inherited;
                } else {
                    LongSet add = new LongSet(16);
                    int nSelf = seeds.size();
                    for (int i = 0; i < nSelf; i++) {
                        add.add(seeds.get(i));
                    }
                    if (own != null) {
                        for (long e : own) {
                            if (LongList.binarySearch(inherited, e) < 0 && add.add(e) && nodeOf(e) != SELF) {
                                seeds.add(e);
                            }
                        }
                    }
                    closeSeeds(n, seeds, add, inherited);
                    if (add.size() == 0) {
                        mine = inherited;
                    } else {
                        long[] extra = add.toSortedArray();
                        buf[0] = inherited;
                        buf[1] = extra;
                        mine = LongList.union(buf, 2);
                        buf[0] = null;
                        buf[1] = null;
                    }
                }
            }
            edges[n] = mine;
            edgeCount += mine.length;

            if (nodeNamed[n].length > 0 && mine.length > 0) {
                int[] np = nparents[n];
                fresh.clear();
                for (long e : mine) {
                    if (roleOf(e) >= props.length || nodeOf(e) == SELF) {
                        continue; // chain helper role, or a self marker
                    }
                    boolean old = false;
                    if (np != null) {
                        for (int p : np) {
                            if (p == top && nodeNamed[top].length == 0) {
                                continue; // owl:Thing is not a class record: its edges must be listed below it
                            }
                            if (LongList.binarySearch(edges[p], e) >= 0) {
                                old = true;
                                break;
                            }
                        }
                    }
                    if (!old) {
                        fresh.add(e);
                    }
                }
                if (fresh.size() > 0) {
                    emitLinks(nodeNamed[n][0], fresh);
                }
            }
            for (int p : sp) {
                if (--refc[p] == 0) {
                    edges[p] = null;
                }
            }
            if (isNamedNode(n) && nparents[n] != null) {
                for (int p : nparents[n]) {
                    if (--refc[p] == 0) {
                        edges[p] = null;
                    }
                }
            }
        }
    }

    // per-candidate scratch
    private int[] cRole = new int[16];
    private int[] cTarget = new int[16]; // as in linkT: >= 0 class, < 0 -(filler + 1)
    private int[] cTnode = new int[16];
    private int[][] cNeed = new int[16][];
    private int[] cRank = new int[16];

    private void emitLinks(int a, LongList es) {
        int m = 0;
        if (cRole.length < es.size()) {
            int cap = Math.max(es.size(), cRole.length * 2);
            cRole = new int[cap];
            cTarget = new int[cap];
            cTnode = new int[cap];
            cNeed = new int[cap][];
            cRank = new int[cap];
        }
        for (int i = 0; i < es.size(); i++) {
            long e = es.get(i);
            int tnode = nodeOf(e);
            int target;
            int[] need;
            boolean namedTarget;
            if (tnode == bottom) {
                continue;
            }
            if (nodeNamed[tnode].length > 0) {
                target = nodeNamed[tnode][0];
                need = new int[] {tnode};
                namedTarget = true;
            } else {
                if (tnode == top || nodeFresh[tnode].length == 0) {
                    continue; // owl:Thing: no named class follows from it
                }
                int[] np = nparents[tnode];
                if (np == null || np.length == 0 || (np.length == 1 && np[0] == top && nodeNamed[top].length == 0)) {
                    continue; // nothing named above this filler: no named B can follow from it
                }
                target = -(nodeFresh[tnode][0] + 1);
                need = np;
                namedTarget = false;
            }
            cRole[m] = roleOf(e);
            cTarget[m] = target;
            cTnode[m] = tnode;
            cNeed[m] = need;
            cRank[m] = (namedTarget ? 0 : 1 << 30) + m;
            m++;
        }
        for (int i = 0; i < m; i++) {
            boolean dominated = false;
            for (int j = 0; j < m && !dominated; j++) {
                if (i == j) {
                    continue;
                }
                if (dominates(j, i) && (cRank[j] < cRank[i] || !dominates(i, j))) {
                    dominated = true;
                }
            }
            if (!dominated) {
                linkS.add(a);
                linkR.add(cRole[i]);
                linkT.add(cTarget[i]);
            }
        }
    }

    /** Candidate j covers candidate i under the TypeScript rule (sub-role, more specific filler). */
    private boolean dominates(int j, int i) {
        if (!supStar[cRole[j]].get(cRole[i])) {
            return false;
        }
        if (cTnode[j] == cTnode[i]) {
            return true;
        }
        int[] anc = ancOrSelf(cTnode[j]);
        for (int p : cNeed[i]) {
            if (p == top) {
                continue;
            }
            if (!IntList.contains(anc, p)) {
                return false;
            }
        }
        return true;
    }

    // =============================================================================================== writing

    private static final IRI OWL_DEPRECATED = OWLRDFVocabulary.OWL_DEPRECATED.getIRI();
    private static final Set<IRI> PLAIN_TYPES = new HashSet<>(Arrays.asList(OWL2Datatype.XSD_STRING.getIRI(),
        OWL2Datatype.RDF_LANG_STRING.getIRI(), OWL2Datatype.RDF_PLAIN_LITERAL.getIRI()));

    private Writer w;
    private final StringBuilder sb = new StringBuilder(4096);
    private long expectedRecords;

    private void line() throws IOException {
        sb.append('\n');
        w.append(sb);
        sb.setLength(0);
        records++;
        if ((records & 0x3fff) == 0 && expectedRecords > 0) {
            progress.report("write", Math.min(0.99, records / (double) expectedRecords));
        }
    }

    private void write(File out) throws IOException, BridgeException {
        File parent = out.getAbsoluteFile().getParentFile();
        if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
            throw new BridgeException("NOT_FOUND", "The output folder " + parent.getPath() + " cannot be created.");
        }
        File tmp = new File(out.getPath() + ".tmp");
        expectedRecords = 2L * classes.length + props.length + linkS.size() + fillerExpr.size();
        try (Writer bw = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(tmp), StandardCharsets.UTF_8),
            1 << 20)) {
            w = bw;
            writeOntology();
            writeAnnotationProperties();
            writeProperties();
            writeClasses();
            writeStated();
            writeHierarchy();
            writeFillers();
            writeLinks();
            writeStats();
        } finally {
            w = null;
        }
        Files.move(tmp.toPath(), out.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void writeOntology() throws IOException {
        OWLOntologyID id = s.root.getOntologyID();
        sb.append("{\"t\":\"ontology\",\"iri\":");
        Json.str(sb, id.getOntologyIRI().map(IRI::toString).orElse(null));
        sb.append(",\"versionIri\":");
        Json.str(sb, id.getVersionIRI().map(IRI::toString).orElse(null));
        sb.append(",\"annotations\":[");
        boolean first = true;
        for (OWLAnnotation a : s.root.annotations().collect(Collectors.toList())) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            ann(a.getProperty(), a.getValue(), a.annotations().collect(Collectors.toList()));
        }
        sb.append("]}");
        line();
    }

    private void writeAnnotationProperties() throws IOException {
        Set<OWLAnnotationProperty> used = new TreeSet<>();
        for (OWLAnnotation a : s.root.annotations().collect(Collectors.toList())) {
            collectProps(a, used);
        }
        for (OWLOntology o : s.closure) {
            o.axioms(AxiomType.ANNOTATION_ASSERTION).forEach((OWLAnnotationAssertionAxiom ax) -> {
                used.add(ax.getProperty());
                ax.annotations().forEach(a -> collectProps(a, used));
            });
        }
        for (OWLAnnotationProperty p : used) {
            sb.append("{\"t\":\"annotationProperty\",\"iri\":");
            Json.str(sb, p.getIRI().toString());
            sb.append(",\"label\":");
            Json.str(sb, s.labelOrNull(p.getIRI()));
            sb.append('}');
            line();
        }
    }

    private static void collectProps(OWLAnnotation a, Set<OWLAnnotationProperty> used) {
        used.add(a.getProperty());
        a.annotations().forEach(x -> collectProps(x, used));
    }

    private void ann(OWLAnnotationProperty p, OWLAnnotationValue v, List<OWLAnnotation> nested) {
        sb.append("{\"p\":");
        Json.str(sb, p.getIRI().toString());
        sb.append(",\"v\":");
        if (v instanceof OWLLiteral) {
            OWLLiteral lit = (OWLLiteral) v;
            Json.str(sb, lit.getLiteral());
            if (lit.hasLang()) {
                sb.append(",\"lang\":");
                Json.str(sb, lit.getLang());
            } else if (!PLAIN_TYPES.contains(lit.getDatatype().getIRI())) {
                sb.append(",\"dt\":");
                Json.str(sb, lit.getDatatype().getIRI().toString());
            }
        } else if (v instanceof IRI) {
            Json.str(sb, v.toString());
            sb.append(",\"ref\":true");
        } else {
            Json.str(sb, v.toString());
            sb.append(",\"ref\":true");
        }
        if (!nested.isEmpty()) {
            sb.append(",\"ann\":[");
            boolean first = true;
            for (OWLAnnotation a : nested) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                ann(a.getProperty(), a.getValue(), a.annotations().collect(Collectors.toList()));
            }
            sb.append(']');
        }
        sb.append('}');
    }

    /** Writes "annotations":[...] for an entity IRI and returns whether owl:deprecated is true. */
    private boolean entityAnnotations(IRI iri) {
        sb.append("\"annotations\":[");
        boolean first = true;
        boolean deprecated = false;
        for (OWLOntology o : s.closure) {
            for (OWLAnnotationAssertionAxiom ax : (Iterable<OWLAnnotationAssertionAxiom>) o
                .annotationAssertionAxioms(iri)::iterator) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                ann(ax.getProperty(), ax.getValue(), ax.annotations().collect(Collectors.toList()));
                if (ax.getProperty().getIRI().equals(OWL_DEPRECATED)) {
                    OWLLiteral lit = ax.getValue().asLiteral().orElse(null);
                    if (lit != null && ("true".equalsIgnoreCase(lit.getLiteral().trim()) || "1".equals(lit.getLiteral().trim()))) {
                        deprecated = true;
                    }
                }
            }
        }
        sb.append(']');
        return deprecated;
    }

    private void writeProperties() throws IOException {
        for (int i = 0; i < props.length; i++) {
            sb.append("{\"t\":\"property\",\"iri\":");
            Json.str(sb, props[i].getIRI().toString());
            sb.append(',');
            boolean dep = entityAnnotations(props[i].getIRI());
            sb.append(",\"deprecated\":").append(dep);
            sb.append(",\"transitive\":").append(transitive[i]);
            sb.append(",\"reflexive\":").append(reflexive[i]);
            sb.append(",\"parents\":[");
            IntList ps = propParents[i];
            for (int k = 0; k < ps.size(); k++) {
                if (k > 0) {
                    sb.append(',');
                }
                Json.str(sb, props[ps.get(k)].getIRI().toString());
            }
            sb.append("],\"chains\":[");
            boolean first = true;
            for (int[] ch : chainsBySuper[i]) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                sb.append('[');
                for (int k = 0; k < ch.length; k++) {
                    if (k > 0) {
                        sb.append(',');
                    }
                    Json.str(sb, props[ch[k]].getIRI().toString());
                }
                sb.append(']');
            }
            sb.append("],\"ranges\":[");
            first = true;
            Set<String> seen = new HashSet<>();
            for (OWLClassExpression r : ranges[i]) {
                if (!r.isAnonymous() && !r.isOWLThing() && seen.add(r.asOWLClass().getIRI().toString())) {
                    if (!first) {
                        sb.append(',');
                    }
                    first = false;
                    Json.str(sb, r.asOWLClass().getIRI().toString());
                }
            }
            sb.append("]}");
            line();
        }
    }

    private void writeClasses() throws IOException {
        for (OWLClass c : classes) {
            sb.append("{\"t\":\"class\",\"iri\":");
            Json.str(sb, c.getIRI().toString());
            sb.append(',');
            boolean dep = entityAnnotations(c.getIRI());
            sb.append(",\"deprecated\":").append(dep).append('}');
            line();
        }
    }

    private void writeStated() throws IOException {
        for (OWLOntology o : s.closure) {
            for (OWLSubClassOfAxiom ax : (Iterable<OWLSubClassOfAxiom>) o.axioms(AxiomType.SUBCLASS_OF)::iterator) {
                if (ax.getSubClass().isAnonymous() || ax.getSubClass().isOWLThing() || ax.getSubClass().isOWLNothing()) {
                    continue;
                }
                stated(ax.getSubClass().asOWLClass(), ax.getSuperClass(), "sub");
            }
            for (OWLEquivalentClassesAxiom ax : (Iterable<OWLEquivalentClassesAxiom>) o
                .axioms(AxiomType.EQUIVALENT_CLASSES)::iterator) {
                List<OWLClassExpression> ops = ax.getOperandsAsList();
                for (OWLClassExpression a : ops) {
                    if (a.isAnonymous() || a.isOWLThing() || a.isOWLNothing()) {
                        continue;
                    }
                    for (OWLClassExpression c : ops) {
                        if (c.isAnonymous()) {
                            stated(a.asOWLClass(), c, "equiv");
                        }
                    }
                }
            }
        }
    }

    private void stated(OWLClass a, OWLClassExpression c, String kind) throws IOException {
        Set<OWLClassExpression> conj = new LinkedHashSet<>();
        addConjunctsOrdered(c, conj);
        for (OWLClassExpression x : conj) {
            if (!(x instanceof OWLObjectSomeValuesFrom)) {
                continue;
            }
            OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) x;
            if (sv.getProperty().isAnonymous()) {
                continue;
            }
            OWLClassExpression f = sv.getFiller();
            sb.append("{\"t\":\"stated\",\"s\":");
            Json.str(sb, a.getIRI().toString());
            sb.append(",\"r\":");
            Json.str(sb, sv.getProperty().asOWLObjectProperty().getIRI().toString());
            sb.append(",\"f\":");
            Json.str(sb, f.isAnonymous() ? null : f.asOWLClass().getIRI().toString());
            sb.append(",\"text\":");
            Json.str(sb, render.ceShort(f));
            sb.append(",\"kind\":\"").append(kind).append("\"}");
            line();
        }
    }

    private static void addConjunctsOrdered(OWLClassExpression c, Set<OWLClassExpression> out) {
        if (c instanceof OWLObjectIntersectionOf) {
            for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                addConjunctsOrdered(x, out);
            }
        } else {
            out.add(c);
        }
    }

    private void namedMembers(int node, int except, boolean first) {
        // appends IRIs of the named classes in a node (owl:Thing is never a member of nodeNamed)
        for (int c : nodeNamed[node]) {
            if (c == except) {
                continue;
            }
            if (sb.charAt(sb.length() - 1) != '[') {
                sb.append(',');
            }
            Json.str(sb, classes[c].getIRI().toString());
        }
    }

    private void writeHierarchy() throws IOException {
        List<Integer> unsat = new ArrayList<>();
        for (int c = 0; c < classes.length; c++) {
            int node = inconsistent ? bottom : classNode[c];
            if (inconsistent || (node >= 0 && node == bottom)) {
                unsat.add(c);
                continue;
            }
            sb.append("{\"t\":\"hier\",\"c\":");
            Json.str(sb, classes[c].getIRI().toString());
            sb.append(",\"parents\":[");
            if (node >= 0 && nparents[node] != null) {
                for (int p : nparents[node]) {
                    namedMembers(p, -1, false);
                }
            }
            sb.append("],\"equivalents\":[");
            if (node >= 0) {
                namedMembers(node, c, false);
            }
            sb.append("]}");
            line();
        }
        unsatCount = unsat.size();
        for (int c : unsat) {
            sb.append("{\"t\":\"unsat\",\"c\":");
            Json.str(sb, classes[c].getIRI().toString());
            sb.append('}');
            line();
        }
    }

    private void writeFillers() throws IOException {
        for (int f = 0; f < fillerExpr.size(); f++) {
            sb.append("{\"t\":\"filler\",\"iri\":");
            Json.str(sb, FILLER_NS + f);
            sb.append(",\"text\":");
            Json.str(sb, render.ceShort(fillerExpr.get(f)));
            sb.append(",\"parents\":[");
            int node = inconsistent ? bottom : fillerNode[f];
            boolean unsat = node == bottom;
            if (node >= 0 && !unsat) {
                Set<Integer> seen = new HashSet<>();
                for (int c : nodeNamed[node]) {
                    if (seen.add(c)) {
                        if (sb.charAt(sb.length() - 1) != '[') {
                            sb.append(',');
                        }
                        Json.str(sb, classes[c].getIRI().toString());
                    }
                }
                if (nparents[node] != null) {
                    for (int p : nparents[node]) {
                        for (int c : nodeNamed[p]) {
                            if (seen.add(c)) {
                                if (sb.charAt(sb.length() - 1) != '[') {
                                    sb.append(',');
                                }
                                Json.str(sb, classes[c].getIRI().toString());
                            }
                        }
                    }
                }
            }
            sb.append(']');
            if (unsat) {
                sb.append(",\"unsat\":true");
            }
            sb.append('}');
            line();
        }
    }

    private void writeLinks() throws IOException {
        for (int i = 0; i < linkS.size(); i++) {
            sb.append("{\"t\":\"link\",\"s\":");
            Json.str(sb, classes[linkS.get(i)].getIRI().toString());
            sb.append(",\"r\":");
            Json.str(sb, props[linkR.get(i)].getIRI().toString());
            sb.append(",\"f\":");
            int t = linkT.get(i);
            Json.str(sb, t >= 0 ? classes[t].getIRI().toString() : FILLER_NS + (-t - 1));
            sb.append('}');
            line();
        }
    }

    private void writeStats() throws IOException {
        sb.append("{\"t\":\"stats\",\"classes\":").append(classes.length)
            .append(",\"properties\":").append(props.length)
            .append(",\"unsatisfiable\":").append(unsatCount)
            .append(",\"links\":").append(linkS.size())
            .append(",\"fillers\":").append(fillerExpr.size())
            .append(",\"freshClasses\":").append(freshClassCount())
            .append(",\"inconsistent\":").append(inconsistent)
            .append(",\"seconds\":{\"classify\":").append(round(secClassify))
            .append(",\"closure\":").append(round(secClosure)).append("}}");
        line();
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    boolean isInconsistent() {
        return inconsistent;
    }

}
