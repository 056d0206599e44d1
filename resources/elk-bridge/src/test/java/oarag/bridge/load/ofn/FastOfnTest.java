package oarag.bridge.load.ofn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import oarag.bridge.load.FastOfnParser;
import oarag.bridge.model.Format;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.io.OWLParserFactory;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * The fast functional-syntax reader gives exactly what OWL API's parser gives (axioms with their
 * annotations, ontology ID and annotations, format and prefixes) on the fixtures, the sample and a
 * generated synthetic ontology, read in one piece, by one worker and in two halves.
 */
class FastOfnTest {
    static Stream<File> documents() throws URISyntaxException {
        List<File> files = new ArrayList<>();
        for (File f : Fixtures.dir().listFiles()) {
            if (f.getName().endsWith(".ofn") && !f.getName().equals("truncated.ofn")) {
                files.add(f);
            }
        }
        files.sort(null);
        files.add(new File(Fixtures.dir(), "../../../resources/samples/cardio.ofn"));
        files.add(new File(FastOfnTest.class.getResource("/synthetic-go-80-s3.ofn").toURI()));
        assertTrue(files.size() >= 7, files.toString());
        return files.stream();
    }

    /** OWL API's own load, as the bridge made it before the fast reader. */
    static OWLOntology owlapi(File f) throws Exception {
        return OWLManager.createOWLOntologyManager()
                .loadOntologyFromOntologyDocument(
                        new FileDocumentSource(f, new FunctionalSyntaxDocumentFormat()));
    }

    /**
     * The load through a manager with the fast reader installed; asserts the fast reader read the
     * file.
     */
    static OWLOntology fast(File f, boolean expectFast) throws Exception {
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        FastOfnParser.install(man, f, Format.FUNCTIONAL, null);
        OWLOntology o =
                man.loadOntologyFromOntologyDocument(
                        new FileDocumentSource(f, new FunctionalSyntaxDocumentFormat()));
        FastOfnParser.Factory factory = null;
        for (OWLParserFactory p : man.getOntologyParsers()) {
            if (p instanceof FastOfnParser.Factory) {
                factory = (FastOfnParser.Factory) p;
            }
        }
        assertNotNull(factory, "installed");
        assertNotNull(factory.last, "the fast parser was asked");
        if (expectFast) {
            assertNull(factory.last.gaveUp(), f.getName() + ": the fast reader gave up");
        } else {
            assertNotNull(factory.last.gaveUp(), f.getName() + ": the fast reader did not give up");
        }
        return o;
    }

    static Set<OWLAxiom> axioms(OWLOntology o) {
        return o.axioms().collect(Collectors.toSet());
    }

    static void assertSameOntology(OWLOntology want, OWLOntology got, String name) {
        assertEquals(want.getAxiomCount(), got.getAxiomCount(), name + ": axiom count");
        assertEquals(axioms(want), axioms(got), name + ": axioms");
        assertEquals(want.getOntologyID(), got.getOntologyID(), name + ": ontology ID");
        assertEquals(
                want.annotations().collect(Collectors.toSet()),
                got.annotations().collect(Collectors.toSet()),
                name + ": ontology annotations");
        OWLDocumentFormat wf = want.getOWLOntologyManager().getOntologyFormat(want);
        OWLDocumentFormat gf = got.getOWLOntologyManager().getOntologyFormat(got);
        assertNotNull(gf, name + ": format");
        assertEquals(wf.getClass(), gf.getClass(), name + ": format");
        assertEquals("OWL Functional Syntax", gf.getKey());
        assertEquals(
                wf.asPrefixOWLDocumentFormat().getPrefixName2PrefixMap(),
                gf.asPrefixOWLDocumentFormat().getPrefixName2PrefixMap(),
                name + ": prefixes");
        assertEquals(
                want.getOWLOntologyManager().getOntologyDocumentIRI(want),
                got.getOWLOntologyManager().getOntologyDocumentIRI(got),
                name + ": document IRI");
    }

    @ParameterizedTest
    @MethodSource("documents")
    void loadsTheSameOntologyAsOwlApi(File f) throws Exception {
        assertSameOntology(owlapi(f), fast(f, true), f.getName());
    }

    @ParameterizedTest
    @MethodSource("documents")
    void readsTheSameAxiomsInOnePieceByAWorkerAndInHalves(File f) throws Exception {
        Set<OWLAxiom> want = axioms(owlapi(f));
        byte[] b = Files.readAllBytes(f.toPath());
        for (int workers = 0; workers <= 2; workers++) {
            List<OWLAxiom> got = new ArrayList<>();
            OWLOntologyManager man = OWLManager.createOWLOntologyManager();
            FastOfn.Doc doc = FastOfn.read(b, man.getOWLDataFactory(), workers, got::addAll, 0);
            assertEquals(want, new HashSet<>(got), f.getName() + " with " + workers + " workers");
            assertNotNull(doc.prefixes.get("owl:"));
        }
    }

    @ParameterizedTest
    @MethodSource("documents")
    void keepsDocumentOrder(File f) throws Exception {
        byte[] b = Files.readAllBytes(f.toPath());
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        List<OWLAxiom> one = new ArrayList<>();
        FastOfn.read(b, man.getOWLDataFactory(), 0, one::addAll, 0);
        List<OWLAxiom> halves = new ArrayList<>();
        FastOfn.read(b, man.getOWLDataFactory(), 2, halves::addAll, 0);
        assertEquals(one, halves, f.getName());
        assertFalse(one.isEmpty(), f.getName());
    }
}
