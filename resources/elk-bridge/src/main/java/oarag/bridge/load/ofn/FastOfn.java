package oarag.bridge.load.ofn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.vocab.Namespaces;

/**
 * A fast reader of OWL functional syntax for the documents OWL API and the generators here write:
 * the same prefixes, ontology ID, ontology annotations and axioms as OWL API 5.1.20's parser, built
 * with the same factory calls, several times faster. It reads the UTF-8 bytes (no decoding of the
 * whole text) and caches IRIs by their bytes. A large body can be read by a worker thread (or two,
 * a half each) while the calling thread adds what they read to the ontology: adding is the slow
 * part (OWL API indexes every axiom, about 0.9 s of the 1.1 s for 360,000 axioms), so one reader
 * alongside it is as fast as two and leaves a core for the rest of the load. Whatever it does not
 * reproduce exactly (imports, anonymous individuals, data ranges, keys, rules, any syntax error)
 * makes it give up ({@link OfnGiveUp}); the caller then reads the document with OWL API, which also
 * reports any error.
 */
public final class FastOfn {
    private FastOfn() {}

    /**
     * A body smaller than this is read in the calling thread: starting another costs more than it
     * saves.
     */
    static final int SPLIT_BYTES = 1 << 20;

    /**
     * What the document declares besides its axioms: prefixes (with OWL API's defaults), ID,
     * annotations.
     */
    public static final class Doc {
        public final Map<String, String> prefixes;
        public final IRI ontologyIri;
        public final IRI versionIri;
        public final List<OWLAnnotation> annotations;

        Doc(
                Map<String, String> prefixes,
                IRI ontologyIri,
                IRI versionIri,
                List<OWLAnnotation> annotations) {
            this.prefixes = prefixes;
            this.ontologyIri = ontologyIri;
            this.versionIri = versionIri;
            this.annotations = annotations;
        }
    }

    /**
     * Reads the document, handing its axioms to {@code sink} in document order (in the calling
     * thread). With {@code workers} 0 the body is read in this thread, with 1 in one other, with 2
     * in two halves. Throws {@link OfnGiveUp} when OWL API should read it instead; the sink may by
     * then have been given a part of the axioms, every one of which OWL API also reads from the
     * document.
     */
    public static Doc read(byte[] b, OWLDataFactory df, int workers, OfnAxioms.Batches sink) {
        return read(b, df, workers, sink, SPLIT_BYTES);
    }

    /**
     * As above; a body of {@code splitBytes} or more is read by workers (tests lower it to cut
     * small files).
     */
    public static Doc read(
            byte[] b, OWLDataFactory df, int workers, OfnAxioms.Batches sink, int splitBytes) {
        try {
            return readDoc(b, df, workers, sink, splitBytes);
        } catch (StackOverflowError e) {
            throw new OfnGiveUp("nested too deeply for this reader's stack", false);
        }
    }

    private static Doc readDoc(
            byte[] b, OWLDataFactory df, int workers, OfnAxioms.Batches sink, int splitBytes) {
        int from =
                b.length >= 3
                                && (b[0] & 0xff) == 0xef
                                && (b[1] & 0xff) == 0xbb
                                && (b[2] & 0xff) == 0xbf
                        ? 3
                        : 0;
        OfnLexer lx = new OfnLexer(b, from, b.length, true);
        lx.next();
        Map<String, String> prefixes = new HashMap<>();
        prefixes.put("owl:", Namespaces.OWL.toString());
        prefixes.put("rdf:", Namespaces.RDF.toString());
        prefixes.put("rdfs:", Namespaces.RDFS.toString());
        prefixes.put("xml:", Namespaces.XML.toString());
        prefixes.put("xsd:", Namespaces.XSD.toString());
        OfnTerms t = new OfnTerms(lx, new OfnNames(df, prefixes), df);
        while (t.atKeyword(OfnKeywords.PREFIX)) {
            t.openKeyword();
            if (lx.kind != OfnLexer.PNAME_NS) {
                throw lx.giveUp("a prefix name expected");
            }
            String name = lx.text();
            lx.next();
            t.expect(OfnLexer.EQUALS);
            if (lx.kind != OfnLexer.FULL_IRI) {
                throw lx.giveUp("a full IRI expected");
            }
            String iri = IRI.create(lx.text()).toString();
            lx.next();
            t.expect(OfnLexer.CLOSE);
            prefixes.put(name, iri);
        }
        if (!t.atKeyword(OfnKeywords.ONTOLOGY)) {
            throw lx.giveUp("Ontology( expected");
        }
        t.openKeyword();
        IRI ontologyIri = null;
        IRI versionIri = null;
        if (t.atIri()) {
            ontologyIri = t.names.iri(lx);
            lx.next();
            if (t.atIri()) {
                versionIri = t.names.iri(lx);
                lx.next();
            }
        }
        List<OWLAnnotation> annotations = new ArrayList<>();
        for (; ; ) {
            if (t.atKeyword(OfnKeywords.IMPORT)) {
                throw lx.giveUp("imports are resolved by OWL API");
            }
            if (!t.atKeyword(OfnKeywords.ANNOTATION)) {
                break;
            }
            annotations.add(t.annotation());
        }
        int body = lx.tokenStart;
        boolean small = b.length - body < splitBytes;
        int cut = workers < 2 || small ? -1 : cutPoint(b, body, b.length);
        if (workers == 0 || small) {
            new OfnAxioms(t).readAll(true, Integer.MAX_VALUE, sink, () -> false);
        } else if (cut < 0) {
            OfnWorker w = new OfnWorker(b, body, b.length, true, df, prefixes, "ofn-body").start();
            drain(w, sink);
        } else {
            halves(b, body, cut, df, prefixes, sink);
        }
        return new Doc(prefixes, ontologyIri, versionIri, annotations);
    }

    private static void drain(OfnWorker w, OfnAxioms.Batches sink) {
        try {
            w.drain(sink);
        } finally {
            w.stop();
        }
    }

    /**
     * The body read as two halves in two threads. Only once the first half has ended exactly at the
     * cut, between two items, are the second half's axioms taken; when the cut fell inside an item,
     * the rest of the body is read here from the start of that item.
     */
    private static void halves(
            byte[] b,
            int body,
            int cut,
            OWLDataFactory df,
            Map<String, String> prefixes,
            OfnAxioms.Batches sink) {
        OfnWorker first =
                new OfnWorker(b, body, cut, false, df, prefixes, "ofn-first-half").start();
        OfnWorker second =
                new OfnWorker(b, cut, b.length, true, df, prefixes, "ofn-second-half").start();
        try {
            try {
                first.drain(sink);
            } catch (OfnGiveUp e) {
                if (!e.atCut || first.cutItemStart() < 0) {
                    throw e;
                }
                second.stop();
                OfnLexer lx = new OfnLexer(b, first.cutItemStart(), b.length, true);
                lx.next();
                new OfnAxioms(new OfnTerms(lx, new OfnNames(df, prefixes), df))
                        .readAll(true, OfnWorker.BATCH, sink, () -> false);
                return;
            }
            second.drain(sink);
        } finally {
            first.stop();
            second.stop();
        }
    }

    /**
     * Where to cut the body in two: the start of the first line after the middle that begins with a
     * capital letter (OWL API and the generators start each axiom on its own line), or -1. The
     * first half then has to end exactly there between two items for the cut to count ({@link
     * OfnGiveUp#atCut}).
     */
    static int cutPoint(byte[] b, int from, int to) {
        int mid = from + (to - from) / 2;
        int limit = Math.min(to - 1, mid + (1 << 20));
        for (int i = mid; i < limit; i++) {
            if (b[i] == '\n' && b[i + 1] >= 'A' && b[i + 1] <= 'Z') {
                return i + 1;
            }
        }
        return -1;
    }
}
