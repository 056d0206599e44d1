package oarag.bridge.extract;

import java.io.File;
import java.io.IOException;
import java.util.List;
import oarag.bridge.classify.ElkClassifier;
import oarag.bridge.classify.ElkNames;
import oarag.bridge.classify.FreshNames;
import oarag.bridge.classify.TaxonomyGraph;
import oarag.bridge.closure.ClosureReuse;
import oarag.bridge.closure.FillerClosure;
import oarag.bridge.closure.Hierarchy;
import oarag.bridge.closure.LinkFinder;
import oarag.bridge.closure.Links;
import oarag.bridge.closure.WalkMemo;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.dump.DumpWriter;
import oarag.bridge.model.Session;
import oarag.bridge.prepare.AttachmentCollector;
import oarag.bridge.prepare.AttachmentPatch;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.prepare.Compositions;
import oarag.bridge.prepare.EditScope;
import oarag.bridge.prepare.Roles;
import oarag.bridge.prepare.Signature;
import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * The extract command: classifies the loaded ontology with ELK, extended only by fresh classes for
 * complex existential fillers ({@code N ≡ F ⊓ ranges}) and for complex left-hand sides ({@code C ⊑
 * L}), then computes the existential closure over ELK's taxonomy the way ELK's completion rules do,
 * and writes the dump (docs/bridge-protocol.md). Each phase takes the previous phases' results and
 * returns an immutable one: {@link Signature}, {@link Roles} and {@link Compositions} (role index),
 * {@link Attachments} ({@link #prepare}), ELK ({@link ElkClassifier}) read into a {@link
 * TaxonomyGraph}, then {@link #finish}: {@link Hierarchy}, {@link FillerClosure} and {@link Links}
 * (closure), {@link DumpWriter}. A reload ({@link Reloader}) runs the same phases around an updated
 * reasoner.
 */
public final class Extractor {
    static final boolean DEBUG = System.getenv("OARAG_BRIDGE_DEBUG") != null;

    private Extractor() {}

    /** What extract derives from the ontology before ELK runs. */
    public static final class Prepared {
        public final Signature sig;
        public final Roles roles;
        final Compositions comp;
        public final Attachments att;

        private Prepared(Signature sig, Roles roles, Compositions comp, Attachments att) {
            this.sig = sig;
            this.roles = roles;
            this.comp = comp;
            this.att = att;
        }
    }

    /**
     * Wall-clock marks of one extraction (System.nanoTime): its start, and the end of each ELK
     * step.
     */
    static final class Clock {
        final long start;
        long prepared;
        long classified;
        long read;
        long elkDone;

        Clock(long start) {
            this.start = start;
        }
    }

    public static Prepared prepare(Session s) {
        Signature sig = Signature.of(s);
        Roles roles = Roles.index(s, sig);
        Compositions comp = Compositions.of(roles);
        Attachments att = AttachmentCollector.collect(s, sig, roles);
        if (DEBUG) {
            System.err.println(
                    "[extract] classes="
                            + sig.classes.length
                            + " props="
                            + sig.props.length
                            + " roles="
                            + comp.roleCount
                            + " fillers="
                            + att.fillers.size()
                            + " contexts="
                            + att.contexts.size()
                            + " attachments="
                            + att.edgeCount());
        }
        return new Prepared(sig, roles, comp, att);
    }

    /**
     * Prepares after an edit: the earlier signature, role index and attachments are kept when the
     * edit cannot have changed them ({@link EditScope}).
     */
    static Prepared prepareAfter(
            Session s, Prepared before, List<OWLAxiom> removed, List<OWLAxiom> added) {
        if (before == null || !EditScope.sameSignature(s, before.sig, removed, added)) {
            return prepare(s);
        }
        Roles roles = before.roles;
        Compositions comp = before.comp;
        if (!EditScope.sameRoles(removed, added)) {
            roles = Roles.index(s, before.sig);
            comp = Compositions.of(roles);
        }
        Attachments att = null;
        if (roles == before.roles) {
            att =
                    EditScope.sameAttachments(removed, added)
                            ? before.att
                            : AttachmentPatch.apply(
                                    s, before.sig, roles, before.att, removed, added);
        }
        if (att == null) {
            att = AttachmentCollector.collect(s, before.sig, roles);
        }
        return new Prepared(before.sig, roles, comp, att);
    }

    /**
     * A full extraction. Keeps the reasoner for a reload when memory allows, and then indexes the
     * file's axiom texts (functional syntax) while the client reads the dump.
     */
    public static ExtractResult run(Session s, Progress progress, File out)
            throws BridgeException, IOException {
        Clock clock = new Clock(System.nanoTime());
        Prepared p = prepare(s);
        progress.report("classify", 0.0);
        // free the plain reasoner while the extended ontology is classified when memory may be
        // tight (it is
        // recreated on the next entailed/superclasses/explain request)
        Runtime rt = Runtime.getRuntime();
        if (p.sig.classes.length > 100_000
                || rt.totalMemory() - rt.freeMemory() > 0.35 * rt.maxMemory()) {
            s.disposeReasoner();
        }
        // a second extract of the same content keeps the texts indexed for the first
        WarmState last = s.warm(WarmState.class);
        OfnIndex texts = last != null ? last.index() : null;
        s.dropWarm();
        FreshNames names = new FreshNames();
        FreshNames.Ids ids = names.assign(p.att);
        List<OWLAxiom> fresh = ElkClassifier.freshAxioms(s, p.att, ids);
        clock.prepared = System.nanoTime();
        WarmState kept = null;
        ExtractResult r;
        try (DumpWriter dump = new DumpWriter(s, p.sig, p.roles, p.att, out, progress)) {
            TaxonomyGraph g;
            try (ElkClassifier.Run elk = ElkClassifier.start(s, fresh, progress)) {
                Taxonomy<ElkClass> tax = elk.taxonomy();
                clock.classified = System.nanoTime();
                ElkNames elkNames = new ElkNames(p.sig);
                g = read(tax, p, ids, elkNames);
                clock.read = System.nanoTime();
                if (tax != null && WarmState.affordable(p.sig.classes.length)) {
                    kept = new WarmState(elk.keep(), names, fresh, WarmState.oneToOne(texts, s), p);
                    kept.elkNames = elkNames;
                    s.keepWarm(kept);
                }
            }
            clock.elkDone = System.nanoTime();
            // ELK used both cores; the closure uses one
            if (kept != null) {
                dump.track(null); // a reload may then write only what changed
            }
            dump.startHead();
            r = finish(p, g, progress, dump, clock, null, kept != null);
        }
        if (kept != null) {
            kept.groups = r.groups;
            kept.closure = r.memo;
            kept.indexLater(s);
        }
        return r;
    }

    static TaxonomyGraph read(
            Taxonomy<ElkClass> tax, Prepared p, FreshNames.Ids ids, ElkNames names) {
        return tax == null
                ? TaxonomyGraph.inconsistent()
                : TaxonomyGraph.read(tax, p.sig, p.att, ids, names);
    }

    /**
     * The closure over ELK's taxonomy and the rest of the dump: the phases after classification.
     * The closure walk takes over what it can of the walk before (null: none); keep has it leave
     * its own for the next.
     */
    static ExtractResult finish(
            Prepared p,
            TaxonomyGraph g,
            Progress progress,
            DumpWriter dump,
            Clock clock,
            WalkMemo before,
            boolean keep)
            throws IOException {
        long t1 = clock.elkDone;
        progress.report("classify", 1.0);
        progress.report("closure", 0.0);
        Hierarchy h = null;
        Links links = Links.NONE;
        WalkMemo memo = null;
        ExtractResult.Work work = ExtractResult.Work.NONE;
        ClosureReuse reuse = null;
        if (!g.inconsistent) {
            h = Hierarchy.of(g);
            long th = System.nanoTime();
            WalkMemo usable =
                    ClosureReuse.compatible(before, g, p.att, p.roles, p.comp) ? before : null;
            FillerClosure fc = FillerClosure.compute(g, h, p.att, p.comp, usable, progress);
            long t2 = System.nanoTime();
            reuse = ClosureReuse.of(usable, g, h, fc);
            long tr = System.nanoTime();
            LinkFinder found = LinkFinder.find(g, h, fc, p.comp, p.roles, reuse, keep, progress);
            links = found.links();
            memo = found.memo(p.att, links);
            work =
                    new ExtractResult.Work(
                            h.topo.length, found.walked(), fc.fillerEdges.length, fc.computed);
            if (DEBUG) {
                System.err.printf(
                        "[extract] hierarchy %.3fs, filler closure %.3fs (%d of %d sets), reuse %.3fs,"
                                + " links %.3fs, edges %d, links %d, walked %d of %d%n",
                        (th - t1) / 1e9,
                        (t2 - th) / 1e9,
                        fc.computed,
                        fc.fillerEdges.length,
                        (tr - t2) / 1e9,
                        (System.nanoTime() - tr) / 1e9,
                        links.edgeCount,
                        links.count(),
                        work.nodesWalked,
                        work.nodes);
            }
        }
        long t3 = System.nanoTime();
        double secClassify = (t1 - clock.start) / 1e9;
        double secClosure = (t3 - t1) / 1e9;
        progress.report("closure", 1.0);
        progress.report("write", 0.0);
        DumpWriter.Written written = dump.finish(g, h, links, reuse, secClassify, secClosure);
        double secWrite = (System.nanoTime() - t3) / 1e9;
        progress.report("write", 1.0);
        double[] sec = {
            (clock.prepared - clock.start) / 1e9,
            ((clock.classified - clock.prepared) + (clock.elkDone - clock.read)) / 1e9,
            (clock.read - clock.classified) / 1e9,
            secClassify,
            secClosure,
            secWrite,
        };
        return new ExtractResult(
                written.records,
                written.unsatisfiable,
                links,
                p.att.fillers.size(),
                p.att.freshClassCount(),
                g.inconsistent,
                p.sig.classes.length,
                p.sig.props.length,
                sec,
                written,
                memo,
                work);
    }
}
