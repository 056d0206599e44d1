package oarag.bridge;

import java.io.File;
import java.io.IOException;
import java.util.List;

import org.semanticweb.elk.owl.interfaces.ElkClass;
import org.semanticweb.elk.reasoner.taxonomy.model.Taxonomy;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * The extract command: classifies the loaded ontology with ELK, extended only by fresh classes for complex
 * existential fillers ({@code N ≡ F ⊓ ranges}) and for complex left-hand sides ({@code C ⊑ L}), then computes the
 * existential closure over ELK's taxonomy the way ELK's completion rules do, and writes the dump
 * (docs/bridge-protocol.md). Each phase takes the previous phases' results and returns an immutable one:
 * {@link Signature}, {@link Roles} and {@link Compositions} (role index), {@link Attachments}, ELK
 * ({@link ElkClassifier}) read into a {@link TaxonomyGraph}, {@link Hierarchy}, {@link FillerClosure} and
 * {@link Links} (closure), {@link DumpWriter}.
 */
final class Extractor {
    static final boolean DEBUG = System.getenv("OARAG_BRIDGE_DEBUG") != null;

    private Extractor() {}

    static ExtractResult run(Session s, Progress progress, File out) throws BridgeException, IOException {
        long t0 = System.nanoTime();
        Signature sig = Signature.of(s);
        Roles roles = Roles.index(s, sig);
        Compositions comp = Compositions.of(roles);
        Attachments att = AttachmentCollector.collect(s, sig, roles);
        if (DEBUG) {
            System.err.println("[extract] classes=" + sig.classes.length + " props=" + sig.props.length + " roles="
                + comp.roleCount + " fillers=" + att.fillers.size() + " contexts=" + att.contexts.size()
                + " attachments=" + att.edgeCount());
        }
        progress.report("classify", 0.0);
        // free the plain reasoner while the extended ontology is classified when memory may be tight (it is
        // recreated on the next entailed/superclasses/explain request)
        Runtime rt = Runtime.getRuntime();
        if (sig.classes.length > 100_000 || rt.totalMemory() - rt.freeMemory() > 0.35 * rt.maxMemory()) {
            s.disposeReasoner();
        }
        List<OWLAxiom> fresh = ElkClassifier.freshAxioms(s, att);
        long tPrepared = System.nanoTime();
        long tClassified;
        long tRead;
        TaxonomyGraph g;
        try (ElkClassifier.Run elk = ElkClassifier.start(s, fresh, progress)) {
            Taxonomy<ElkClass> tax = elk.taxonomy();
            tClassified = System.nanoTime();
            g = tax == null ? TaxonomyGraph.inconsistent() : TaxonomyGraph.read(tax, sig, att);
            tRead = System.nanoTime();
        }
        long t1 = System.nanoTime();
        progress.report("classify", 1.0);
        progress.report("closure", 0.0);
        Hierarchy h = null;
        Links links = Links.NONE;
        if (!g.inconsistent) {
            h = Hierarchy.of(g);
            FillerClosure fc = FillerClosure.compute(g, h, att, comp, progress);
            long t2 = System.nanoTime();
            links = LinkFinder.find(g, h, fc, comp, roles, progress);
            if (DEBUG) {
                System.err.printf("[extract] filler closure %.2fs, links %.2fs, edges %d, links %d%n",
                    (t2 - t1) / 1e9, (System.nanoTime() - t2) / 1e9, links.edgeCount, links.count());
            }
        }
        long t3 = System.nanoTime();
        double secClassify = (t1 - t0) / 1e9;
        double secClosure = (t3 - t1) / 1e9;
        progress.report("closure", 1.0);
        progress.report("write", 0.0);
        DumpWriter.Written written = new DumpWriter(s, sig, roles, att, g, h, links, progress)
            .write(out, secClassify, secClosure);
        double secWrite = (System.nanoTime() - t3) / 1e9;
        progress.report("write", 1.0);
        double[] sec = {
            (tPrepared - t0) / 1e9,
            ((tClassified - tPrepared) + (t1 - tRead)) / 1e9,
            (tRead - tClassified) / 1e9,
            secClassify,
            secClosure,
            secWrite,
        };
        return new ExtractResult(written.records, written.unsatisfiable, links.count(), att.fillers.size(),
            att.freshClassCount(), g.inconsistent, sec);
    }
}
