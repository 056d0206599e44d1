package oarag.bridge.dump;

import static oarag.bridge.prepare.Attachments.FILLER_NS;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.closure.ClosureReuse;
import oarag.bridge.closure.Hierarchy;
import oarag.bridge.closure.Links;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.IntList;
import oarag.bridge.common.Json;
import oarag.bridge.common.Progress;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Roles;
import oarag.bridge.prepare.Signature;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyID;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;

/**
 * Writes the NDJSON dump of docs/bridge-protocol.md through {@code <out>.tmp}, renamed into place
 * when complete. The records that depend on the ontology alone (ontology, annotation properties,
 * properties, classes, stated) can be written on a thread of their own ({@link #startHead}) while
 * the caller classifies and computes the closure on the other core; {@link #finish} then adds the
 * rest. One writer per dump; close it (try-with-resources) so a dump that was not finished leaves
 * no file.
 */
public final class DumpWriter implements AutoCloseable {
    /** What the dump held, for the extract result. */
    public static final class Written {
        public final long records;
        public final int unsatisfiable;

        /**
         * The fingerprints of the dump's groups (null when not tracked), whether it was written as
         * a delta.
         */
        public final DumpGroups groups;

        public final DumpGroups.Change delta;

        Written(long records, int unsatisfiable, DumpGroups groups, DumpGroups.Change delta) {
            this.records = records;
            this.unsatisfiable = unsatisfiable;
            this.groups = groups;
            this.delta = delta;
        }
    }

    /**
     * A delta that would replace more than this share of the groups is written as a full dump
     * instead.
     */
    static final double MAX_DELTA_SHARE = 0.25;

    private final Session s;
    private final Signature sig;
    private final Roles roles;
    private final Attachments att;
    private final Render render;
    private TaxonomyGraph g;
    private Hierarchy h;
    private Links links;
    private final DumpOut o;

    /** The record being built ({@link DumpOut#sb}). */
    private final StringBuilder sb;

    private final IriJson iris;
    private int unsatCount;
    private Thread head;
    private volatile Throwable headFailed;

    /** This dump's group fingerprints, or null when they are not tracked ({@link #track}). */
    private DumpGroups groups;

    /**
     * For a delta: the last dump's fingerprints, and the lines held until the groups can be
     * compared.
     */
    private DumpGroups before;

    private LinkedHashMap<String, StringBuilder> held;

    /** For a delta: the head records the edit can have changed (null: all of them). */
    private HeadScope scope;

    /** For a delta: which hierarchy records are the last dump's (null: none known to be). */
    private ClosureReuse reuse;

    public DumpWriter(
            Session s, Signature sig, Roles roles, Attachments att, File out, Progress progress)
            throws BridgeException, IOException {
        this.s = s;
        this.sig = sig;
        this.roles = roles;
        this.att = att;
        this.render = new Render(s);
        this.iris = new IriJson(sig);
        this.o = new DumpOut(out, progress);
        this.sb = o.sb;
    }

    /**
     * Fingerprints the dump's groups, for a later delta; with {@code last} (the fingerprints of the
     * session's last dump, which the client built its cache from) the dump is a delta when the
     * changes allow one. Call before {@link #startHead}.
     */
    public void track(DumpGroups last) {
        groups = new DumpGroups();
        before = last;
        held = last != null ? new LinkedHashMap<>() : null;
    }

    /**
     * Limits a delta's head to the records the edit can have changed (see {@link HeadScope}); the
     * others keep their last fingerprints. Call after {@link #track} with the last dump's
     * fingerprints, before {@link #startHead}.
     */
    public void scope(HeadScope headScope) {
        scope = before != null ? headScope : null;
    }

    /**
     * Starts writing the records that need no reasoning, on a thread of its own (it reports no
     * progress).
     */
    public void startHead() {
        head =
                new Thread(
                        () -> {
                            try {
                                writeHead();
                            } catch (Throwable e) {
                                headFailed = e;
                            }
                        },
                        "dump-head");
        head.setDaemon(true);
        o.quiet(head);
        head.start();
    }

    private void writeHead() throws IOException {
        writeOntology();
        if (scope != null) {
            groups.keep(before, scope);
        } else {
            writeAnnotationProperties();
        }
        writeProperties();
        if (scope == null) {
            writeClasses();
        }
        writeStated();
    }

    /** Waits for the head (or writes it now); rethrows what it failed with. */
    private void headDone() throws IOException {
        if (head == null) {
            writeHead();
            return;
        }
        boolean interrupted = false;
        while (head.isAlive()) {
            try {
                head.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        head = null;
        Throwable e = headFailed;
        if (e instanceof IOException) {
            throw (IOException) e;
        }
        if (e instanceof RuntimeException) {
            throw (RuntimeException) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
    }

    /**
     * Writes the rest of the dump and renames it into place; the stats record carries the classify
     * and closure seconds.
     */
    public Written finish(
            TaxonomyGraph g,
            Hierarchy h,
            Links links,
            ClosureReuse reuse,
            double secClassify,
            double secClosure)
            throws IOException {
        this.g = g;
        this.h = h;
        this.links = links;
        this.reuse = held != null ? reuse : null;
        o.expect(2L * sig.classes.length + sig.props.length + links.count() + att.fillers.size());
        headDone();
        writeHierarchy();
        writeFillers();
        writeLinks();
        DumpGroups.Change delta = held != null ? deltaOrFull() : null;
        writeStats(secClassify, secClosure);
        o.complete();
        return new Written(o.records(), unsatCount, groups, delta);
    }

    /** After a failure: stops the head, closes and deletes the unfinished file. */
    @Override
    public void close() {
        if (!o.open()) {
            return;
        }
        o.abandon();
        if (head != null) {
            try {
                headDone();
            } catch (IOException | RuntimeException | Error e) {
                // the failure that got us here is the one to report
            }
        }
        o.discard();
    }

    /**
     * Ends the record in sb, of group {@code kind + subject}: writes it, or holds it while a delta
     * is decided.
     */
    private void line(char kind, String subject) throws IOException {
        o.endLine();
        if (groups != null) {
            String key = kind + subject;
            long hash = DumpGroups.hash(sb);
            groups.add(key, hash);
            if (held != null) {
                if (DumpGroups.multiLine(kind) || !before.same(key, hash)) {
                    held.computeIfAbsent(key, k -> new StringBuilder(sb.length())).append(sb);
                }
                sb.setLength(0);
                return;
            }
        }
        o.emit(1);
    }

    /**
     * After the last grouped record of a delta: writes the changed groups and a {@code gone} record
     * for each group the dump no longer has, or, when the client could not patch its cache with
     * them or they are too many, the whole dump after all. Returns the delta written, or null.
     */
    private DumpGroups.Change deltaOrFull() throws IOException {
        Map<String, StringBuilder> lines = held;
        DumpGroups.Change c = groups.against(before, lines.keySet());
        held = null;
        before = null;
        if (!c.patchable || c.changed.size() + c.gone.size() > MAX_DELTA_SHARE * groups.size()) {
            groups = new DumpGroups();
            o.recount();
            scope = null;
            reuse = null;
            writeHead();
            writeHierarchy();
            writeFillers();
            writeLinks();
            return null;
        }
        // first, so that a client reading the dump as it is written knows what it reads
        sb.append("{\"t\":\"delta\"}");
        o.line();
        Set<String> changed = new HashSet<>(c.changed);
        for (Map.Entry<String, StringBuilder> e : lines.entrySet()) {
            if (changed.contains(e.getKey())) {
                StringBuilder group = e.getValue();
                int n = 0;
                for (int i = 0; i < group.length(); i++) {
                    if (group.charAt(i) == '\n') {
                        n++;
                    }
                }
                sb.append(group);
                o.emit(n);
            }
        }
        for (String k : c.gone) {
            // a key names its subject as a JSON string already
            sb.append("{\"t\":\"gone\",\"k\":\"")
                    .append(k.charAt(0))
                    .append("\",\"s\":")
                    .append(k, 1, k.length());
            sb.append('}');
            o.line();
        }
        return c;
    }

    private void writeOntology() throws IOException {
        OWLOntologyID id = s.root.getOntologyID();
        sb.append("{\"t\":\"ontology\",\"iri\":");
        Json.str(sb, id.getOntologyIRI().map(IRI::toString).orElse(null));
        sb.append(",\"versionIri\":");
        Json.str(sb, id.getVersionIRI().map(IRI::toString).orElse(null));
        sb.append(",\"annotations\":[");
        IntList starts = new IntList(8);
        for (OWLAnnotation a : s.root.annotations().collect(Collectors.toList())) {
            if (starts.size() > 0) {
                sb.append(',');
            }
            starts.add(sb.length());
            AnnotationJson.ann(
                    sb,
                    a.getProperty(),
                    a.getValue(),
                    a.annotations().collect(Collectors.toList()));
        }
        AnnotationJson.inTextOrder(sb, starts);
        sb.append("]}");
        line(DumpGroups.ONTOLOGY, "\"\"");
    }

    private void writeAnnotationProperties() throws IOException {
        for (OWLAnnotationProperty p : AnnotationJson.usedProperties(s)) {
            sb.append("{\"t\":\"annotationProperty\",\"iri\":");
            Json.str(sb, p.getIRI().toString());
            sb.append(",\"label\":");
            Json.str(sb, s.labelOrNull(p.getIRI()));
            sb.append('}');
            line(DumpGroups.ANNOTATION_PROPERTY, IriJson.quoted(p.getIRI().toString()));
        }
    }

    private void writeProperties() throws IOException {
        for (int i = 0; i < sig.props.length; i++) {
            String key = PropertyJson.record(sb, iris, s, sig, roles, i);
            line(DumpGroups.PROPERTY, key);
        }
    }

    private void writeClasses() throws IOException {
        for (int i = 0; i < sig.classes.length; i++) {
            sb.append("{\"t\":\"class\",\"iri\":");
            String key = iris.cls(sb, i);
            sb.append(',');
            boolean dep = AnnotationJson.entityAnnotations(sb, s.closure, sig.classes[i].getIRI());
            sb.append(",\"deprecated\":").append(dep).append('}');
            line(DumpGroups.CLASS, key);
        }
    }

    private void writeStated() throws IOException {
        for (OWLOntology o : s.closure) {
            for (OWLSubClassOfAxiom ax :
                    (Iterable<OWLSubClassOfAxiom>) o.axioms(AxiomType.SUBCLASS_OF)::iterator) {
                if (ax.getSubClass().isAnonymous()
                        || ax.getSubClass().isOWLThing()
                        || ax.getSubClass().isOWLNothing()
                        || !inScope(ax.getSubClass().asOWLClass())) {
                    continue;
                }
                stated(ax.getSubClass().asOWLClass(), ax.getSuperClass(), "sub");
            }
            for (OWLEquivalentClassesAxiom ax :
                    (Iterable<OWLEquivalentClassesAxiom>)
                            o.axioms(AxiomType.EQUIVALENT_CLASSES)::iterator) {
                List<OWLClassExpression> ops = ax.getOperandsAsList();
                for (OWLClassExpression a : ops) {
                    if (a.isAnonymous()
                            || a.isOWLThing()
                            || a.isOWLNothing()
                            || !inScope(a.asOWLClass())) {
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

    /**
     * Whether the scope writes the stated records of a (keeping the order the whole head writes
     * them in).
     */
    private boolean inScope(OWLClass a) {
        return scope == null || scope.writesStated(a);
    }

    private void stated(OWLClass a, OWLClassExpression c, String kind) throws IOException {
        Set<OWLClassExpression> conj = new LinkedHashSet<>();
        ElSyntax.addConjunctsOrdered(c, conj);
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
            line(DumpGroups.STATED, IriJson.quoted(a.getIRI().toString()));
        }
    }

    /**
     * Appends the IRIs of the named classes in a node except one (owl:Thing is never a member of
     * nodeNamed).
     */
    private void namedMembers(int node, int except) {
        for (int c : g.nodeNamed[node]) {
            if (c == except) {
                continue;
            }
            if (sb.charAt(sb.length() - 1) != '[') {
                sb.append(',');
            }
            iris.cls(sb, c);
        }
    }

    private void writeHierarchy() throws IOException {
        List<Integer> unsat = new ArrayList<>();
        for (int c = 0; c < sig.classes.length; c++) {
            int node = g.inconsistent ? g.bottom : g.classNode[c];
            if (g.inconsistent || (node >= 0 && node == g.bottom)) {
                unsat.add(c);
                continue;
            }
            if (reuse != null && node >= 0 && reuse.sameAncestors(node)) {
                groups.keep(
                        before, DumpGroups.HIER + iris.cls(c)); // the same parents and equivalents
                continue;
            }
            sb.append("{\"t\":\"hier\",\"c\":");
            String key = iris.cls(sb, c);
            sb.append(",\"parents\":[");
            if (node >= 0 && h.namedParents[node] != null) {
                for (int p : h.namedParents[node]) {
                    namedMembers(p, -1);
                }
            }
            sb.append("],\"equivalents\":[");
            if (node >= 0) {
                namedMembers(node, c);
            }
            sb.append("]}");
            line(DumpGroups.HIER, key);
        }
        unsatCount = unsat.size();
        for (int c : unsat) {
            sb.append("{\"t\":\"unsat\",\"c\":");
            String key = iris.cls(sb, c);
            sb.append('}');
            line(DumpGroups.UNSAT, key);
        }
    }

    private void writeFillers() throws IOException {
        for (int f = 0; f < att.fillers.size(); f++) {
            sb.append("{\"t\":\"filler\",\"iri\":");
            int at = sb.length();
            Json.str(sb, FILLER_NS + f);
            String key = sb.substring(at);
            sb.append(",\"text\":");
            Json.str(sb, render.ceShort(att.fillers.get(f)));
            sb.append(",\"parents\":[");
            int node = g.inconsistent ? g.bottom : g.fillerNode[f];
            boolean unsat = node == g.bottom;
            if (node >= 0 && !unsat) {
                Set<Integer> seen = new HashSet<>();
                appendNew(g.nodeNamed[node], seen);
                if (h.namedParents[node] != null) {
                    for (int p : h.namedParents[node]) {
                        appendNew(g.nodeNamed[p], seen);
                    }
                }
            }
            sb.append(']');
            if (unsat) {
                sb.append(",\"unsat\":true");
            }
            sb.append('}');
            line(DumpGroups.FILLER, key);
        }
    }

    private void appendNew(int[] classes, Set<Integer> seen) {
        for (int c : classes) {
            if (seen.add(c)) {
                if (sb.charAt(sb.length() - 1) != '[') {
                    sb.append(',');
                }
                iris.cls(sb, c);
            }
        }
    }

    private void writeLinks() throws IOException {
        boolean[] takenOver = reuse != null ? links.takenOver : null;
        for (int i = 0; i < links.count(); i++) {
            if (takenOver != null && takenOver[links.s[i]]) {
                if (i == 0 || links.s[i - 1] != links.s[i]) {
                    groups.keep(before, DumpGroups.LINK + iris.cls(links.s[i]));
                }
                continue;
            }
            sb.append("{\"t\":\"link\",\"s\":");
            String key = iris.cls(sb, links.s[i]);
            sb.append(",\"r\":");
            iris.prop(sb, links.r[i]);
            sb.append(",\"f\":");
            int t = links.t[i];
            if (t >= 0) {
                iris.cls(sb, t);
            } else {
                Json.str(sb, FILLER_NS + (-t - 1));
            }
            sb.append('}');
            line(DumpGroups.LINK, key);
        }
    }

    private void writeStats(double secClassify, double secClosure) throws IOException {
        sb.append("{\"t\":\"stats\",\"classes\":")
                .append(sig.classes.length)
                .append(",\"properties\":")
                .append(sig.props.length)
                .append(",\"unsatisfiable\":")
                .append(unsatCount)
                .append(",\"links\":")
                .append(links.count())
                .append(",\"fillers\":")
                .append(att.fillers.size())
                .append(",\"freshClasses\":")
                .append(att.freshClassCount())
                .append(",\"inconsistent\":")
                .append(g.inconsistent)
                .append(",\"seconds\":{\"classify\":")
                .append(Json.round(secClassify))
                .append(",\"closure\":")
                .append(Json.round(secClosure))
                .append("}}");
        o.line();
    }
}
