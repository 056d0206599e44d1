package oarag.bridge.load.ofn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.load.FastOfnParser;
import oarag.bridge.load.ParseErrors;
import oarag.bridge.model.Format;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.model.MissingImportHandlingStrategy;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * What the fast reader does not reproduce, and every syntax error, goes to OWL API's parser for the
 * whole document: the load then gives what OWL API gives, its error message included.
 */
class FastOfnFallbackTest {
    @TempDir Path tmp;

    private File doc(String name, String... items) throws Exception {
        StringBuilder sb = new StringBuilder();
        sb.append("Prefix(:=<http://example.org/t#>)\n");
        sb.append("Prefix(xsd:=<http://www.w3.org/2001/XMLSchema#>)\n");
        sb.append("Ontology(<http://example.org/").append(name).append(">\n");
        sb.append("Declaration(Class(:A))\nSubClassOf(:A :B)\n");
        for (String a : items) {
            sb.append(a).append('\n');
        }
        sb.append("SubClassOf(:B :C)\n)\n");
        File f = tmp.resolve(name + ".ofn").toFile();
        Files.write(f.toPath(), sb.toString().getBytes(StandardCharsets.UTF_8));
        return f;
    }

    private static OfnGiveUp givesUp(File f) throws Exception {
        byte[] b = Files.readAllBytes(f.toPath());
        return assertThrows(
                OfnGiveUp.class,
                () ->
                        FastOfn.read(
                                b,
                                OWLManager.createOWLOntologyManager().getOWLDataFactory(),
                                0,
                                x -> {}));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SubClassOf(:A DataSomeValuesFrom(:d xsd:integer))",
                "SubClassOf(:A DataHasValue(:d \"1\"^^xsd:integer))",
                "HasKey(:A () (:d))",
                "AnnotationAssertion(rdfs:comment _:x \"about a blank node\")",
                "AnnotationAssertion(rdfs:seeAlso :A _:y)",
                "ClassAssertion(:A _:z)",
                "DatatypeDefinition(:dt xsd:integer)",
                "DataPropertyRange(:d DataOneOf(\"a\" \"b\"))",
                "DLSafeRule(Body(ClassAtom(:A Variable(:x))) Head(ClassAtom(:B Variable(:x))))",
            })
    void constructsItDoesNotBuildAreReadByOwlApi(String item) throws Exception {
        File f = doc("unsupported", item);
        assertFalse(givesUp(f).atCut);
        OWLOntology want = FastOfnTest.owlapi(f);
        OWLOntology got = FastOfnTest.fast(f, false);
        if (item.contains("_:")) {
            // OWL API names blank nodes afresh on every load, so two of its own loads differ in
            // those names
            assertEquals(blanksNamedAlike(want), blanksNamedAlike(got), item);
            assertEquals(want.getOntologyID(), got.getOntologyID());
        } else {
            FastOfnTest.assertSameOntology(want, got, item);
        }
    }

    private static Set<String> blanksNamedAlike(OWLOntology o) {
        return o.axioms()
                .map(a -> a.toString().replaceAll("_:genid\\d+", "_:b"))
                .collect(Collectors.toSet());
    }

    @Test
    void aDocumentWithImportsIsReadByOwlApi() throws Exception {
        File f = doc("imports");
        String text =
                new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8)
                        .replace(
                                "Declaration(Class(:A))",
                                "Import(<http://example.org/nowhere>)\nDeclaration(Class(:A))");
        Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
        givesUp(f);
        OWLOntologyManager plain = OWLManager.createOWLOntologyManager();
        OWLOntologyManager withFast = OWLManager.createOWLOntologyManager();
        FastOfnParser.install(withFast, f, Format.FUNCTIONAL, null);
        for (OWLOntologyManager m : List.of(plain, withFast)) {
            m.setOntologyLoaderConfiguration(
                    m.getOntologyLoaderConfiguration()
                            .setMissingImportHandlingStrategy(
                                    MissingImportHandlingStrategy.SILENT));
        }
        OWLOntology got = load(withFast, f);
        FastOfnTest.assertSameOntology(load(plain, f), got, "imports");
        assertEquals(1, got.importsDeclarations().count());
    }

    private static OWLOntology load(OWLOntologyManager m, File f) throws Exception {
        return m.loadOntologyFromOntologyDocument(
                new FileDocumentSource(f, new FunctionalSyntaxDocumentFormat()),
                m.getOntologyLoaderConfiguration());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SubClassOf(:A)",
                "SubClassOf(:A :B",
                "EquivalentClasses(:A ObjectIntersectionOf(:B))",
                "AnnotationAssertion(rdfs:label :A \"unterminated)",
                "AnnotationAssertion(rdfs:label :A \"a bad \\n escape\")",
                "AnnotationAssertion(rdfs:label :A \"a keyword for a tag\"@Class)",
                "AnnotationAssertion(rdfs:label :A \"a prefixed tag\"@en:gb)",
                "SubClassOf(undeclared:A :B)",
                "SubClassOf(:A ^ :B)",
                "Annotation(rdfs:comment \"an ontology annotation after an axiom\")",
                "Import(<http://example.org/late>)",
                "Prefix(late:=<http://example.org/late#>)",
                "SubClassOf(:A ObjectMinCardinality(99999999999 :p))",
            })
    void syntaxErrorsAreReportedByOwlApi(String item) throws Exception {
        File f = doc("broken", item);
        givesUp(f);
        String want = failure(f, false);
        assertEquals(want, failure(f, true), item);
    }

    @Test
    void textAfterTheOntologyIsReportedByOwlApi() throws Exception {
        File f = doc("after");
        Files.write(
                f.toPath(),
                (new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8) + "Junk(")
                        .getBytes(StandardCharsets.UTF_8));
        givesUp(f);
        assertEquals(failure(f, false), failure(f, true));
    }

    /**
     * The message the bridge makes of the load's failure, with or without the fast reader
     * installed.
     */
    private static String failure(File f, boolean fast) {
        OWLOntologyManager m = OWLManager.createOWLOntologyManager();
        if (fast) {
            FastOfnParser.install(m, f, Format.FUNCTIONAL, null);
        }
        Exception e = assertThrows(Exception.class, () -> load(m, f));
        assertTrue(
                e instanceof OWLOntologyCreationException || e instanceof RuntimeException,
                e.toString());
        assertEquals(0, m.ontologies().count(), "nothing is left in the manager");
        return e.getClass().getName() + ": " + ParseErrors.parseMessage(f, Format.FUNCTIONAL, e);
    }

    /**
     * A document that gives up late, after workers handed axioms to the ontology: those stay, OWL
     * API reads the whole document into the same ontology, and the result is OWL API's.
     */
    @Test
    void givingUpAfterAxiomsWereAddedStillGivesOwlApisOntology() throws Exception {
        String[] many = new String[7 * OfnWorker.BATCH];
        for (int k = 0; k < many.length; k++) {
            many[k] = "SubClassOf(:X" + k + " :Y" + (k % 97) + ")";
        }
        many[many.length - 1] = "SubClassOf(:A DataSomeValuesFrom(:d xsd:integer))";
        File f = doc("late", many);
        assertTrue(f.length() > FastOfn.SPLIT_BYTES, "large enough for workers: " + f.length());
        byte[] b = Files.readAllBytes(f.toPath());
        List<OWLAxiom> handed = new ArrayList<>();
        assertThrows(
                OfnGiveUp.class,
                () ->
                        FastOfn.read(
                                b,
                                OWLManager.createOWLOntologyManager().getOWLDataFactory(),
                                2,
                                handed::addAll));
        assertTrue(
                handed.size() >= OfnWorker.BATCH,
                "axioms were handed on before giving up: " + handed.size());
        OWLOntology want = FastOfnTest.owlapi(f);
        Set<OWLAxiom> all = FastOfnTest.axioms(want);
        assertTrue(all.containsAll(handed), "every axiom handed on is one OWL API reads");
        FastOfnTest.assertSameOntology(want, FastOfnTest.fast(f, false), "late");
    }
}
