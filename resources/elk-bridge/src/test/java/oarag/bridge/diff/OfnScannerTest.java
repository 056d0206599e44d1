package oarag.bridge.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import oarag.bridge.common.FileStamp;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The functional-syntax scan behind reload: header, normalised axiom texts, and the index's
 * multiset diff.
 */
class OfnScannerTest {
    @TempDir Path tmp;

    @AfterEach
    void restoreBuffer() {
        OfnScanner.bufferSize = 4 << 20;
    }

    private static List<String> axioms(String doc) throws Exception {
        List<String> out = new ArrayList<>();
        OfnScanner.scan(
                new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)),
                100,
                (norm, n, line, col, src, from, to, at) ->
                        out.add(
                                new String(norm, 0, n, StandardCharsets.UTF_8)
                                        + " @"
                                        + line
                                        + ":"
                                        + col
                                        + " "
                                        + new String(
                                                src, from, to - from, StandardCharsets.UTF_8)));
        return out;
    }

    @Test
    void axiomsAreNormalisedOutsideLiteralsAndIris() throws Exception {
        String doc =
                "Prefix(:=<http://x.org/#>)\n# a comment (with a parenthesis\nOntology(<http://x.org/o>\n"
                        + "Annotation(rdfs:comment \"header\")\n"
                        + "SubClassOf( :A#x\n   :B ) # trailing ) comment\n"
                        + "  AnnotationAssertion(rdfs:label :A \"two  spaces ( and \\\" a quote\n a line\"@en)\n"
                        + "SubClassOf(<http://x.org/#C (odd)> :B)\n)\n";
        List<String> got = axioms(doc);
        assertEquals(
                List.of(
                        "SubClassOf(:A#x :B) @5:1 SubClassOf( :A#x\n   :B )",
                        "AnnotationAssertion(rdfs:label :A \"two  spaces ( and \\\" a quote\n a line\"@en) @7:3 "
                                + "AnnotationAssertion(rdfs:label :A \"two  spaces ( and \\\" a quote\n a line\"@en)",
                        "SubClassOf(<http://x.org/#C (odd)> :B) @9:1 SubClassOf(<http://x.org/#C (odd)> :B)"),
                got);
    }

    @Test
    void theHeaderHoldsPrefixesIrisImportsAndOntologyAnnotations() throws Exception {
        String doc =
                "Prefix(:=<http://x.org/#>)\nOntology(<http://x.org/o> <http://x.org/o/1>\n"
                        + "Import(<http://x.org/other>)\nAnnotation(rdfs:comment \"c\")\nDeclaration(Class(:A))\n)";
        OfnScanner.Header h =
                OfnScanner.scan(
                        new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)),
                        100,
                        (norm, n, line, col, src, from, to, at) -> {});
        assertEquals(
                "Prefix(:=<http://x.org/#>)\nOntology(\n<http://x.org/o>\n<http://x.org/o/1>\n"
                        + "Import(<http://x.org/other>)\nAnnotation(rdfs:comment \"c\")\n)\n",
                new String(h.header, StandardCharsets.UTF_8));
        assertEquals(
                "Prefix(:=<http://x.org/#>)\n", new String(h.prefixes, StandardCharsets.UTF_8));
    }

    @Test
    void shapesTheScannerDoesNotFollowAreMalformed() {
        for (String doc :
                new String[] {
                    "",
                    "Ontology(",
                    "Ontology(SubClassOf(:A :B)",
                    "Ontology(\"x\")",
                    "Ontology()\nextra",
                    "Prefix(:=<http://x.org/#>)",
                    "Ontology(SubClassOf(:A\n:B>))",
                    "Ontology(AnnotationAssertion(:p :A \"open))",
                    "Ontology(SubClassOf(<http://x\n.org> :B))",
                    "Ontology(SubClassOf(((((:A)))) :B))"
                }) {
            assertThrows(
                    OfnScanner.Malformed.class,
                    () ->
                            OfnScanner.scan(
                                    new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)),
                                    4,
                                    (n, k, l, c, s, f, t, a) -> {}),
                    doc);
        }
    }

    @Test
    void aSmallBufferCutsItemsAnywhereAndReadsTheSame() throws Exception {
        for (String name :
                new String[] {"anatomy.ofn", "regulation.ofn", "clinical.ofn", "non-el.ofn"}) {
            File f = Fixtures.file(name);
            OfnIndex whole = OfnIndex.of(f, 15_000, null);
            for (int size : new int[] {1, 7, 64, 333}) {
                OfnScanner.bufferSize = size;
                OfnIndex cut = OfnIndex.of(f, 15_000, null);
                assertArrayEquals(whole.header, cut.header, name + " " + size);
                assertEquals(whole.count(), cut.count(), name + " " + size);
                OfnIndex.Diff d = whole.diff(f, 15_000);
                assertEquals(0, d.removed().length + d.addedCount(), name + " " + size);
            }
            OfnScanner.bufferSize = 4 << 20;
            assertTrue(whole.count() > 20, name);
        }
    }

    @Test
    void theDiffIsAMultisetDifferenceAndApplyingItGivesTheEditedFilesIndex() throws Exception {
        String head = "Prefix(:=<http://x.org/#>)\nOntology(\n";
        File f = tmp.resolve("a.ofn").toFile();
        Files.writeString(
                f.toPath(), head + "SubClassOf(:A :B)\nSubClassOf(:A :B)\nSubClassOf(:C :D)\n)\n");
        OfnIndex x = OfnIndex.of(f, 100, null);
        assertEquals(3, x.count());
        Files.writeString(
                f.toPath(),
                head + "SubClassOf( :A :B )\nSubClassOf(:E :F)\nSubClassOf(:C :D)\n)\n");
        OfnIndex.Diff d = x.diff(f, 100);
        assertEquals(1, d.removed().length, "one of the two copies");
        assertEquals("SubClassOf(:A :B)", x.text(d.removed()[0]));
        assertEquals(1, d.addedCount());
        x.apply(d);
        assertEquals(3, x.count());
        OfnIndex.Diff again = x.diff(f, 100);
        assertEquals(0, again.removed().length + again.addedCount());
        // many edits in a row compact the arena without losing a text
        for (int k = 0; k < 200; k++) {
            Files.writeString(
                    f.toPath(),
                    head + "SubClassOf(:A :B)\nSubClassOf(:X" + k + " :F)\nSubClassOf(:C :D)\n)\n");
            x.apply(x.diff(f, 100));
        }
        assertEquals(3, x.count());
        OfnIndex.Diff last = x.diff(f, 100);
        assertEquals(0, last.removed().length + last.addedCount());
    }

    @Test
    void anIndexIsOnlyTakenOfTheContentStamped() throws Exception {
        File f = tmp.resolve("a.ofn").toFile();
        Files.writeString(
                f.toPath(), "Prefix(:=<http://x.org/#>)\nOntology(\nSubClassOf(:A :B)\n)\n");
        FileStamp.Taker taker = FileStamp.Taker.start(f);
        FileStamp stamp = taker.result();
        assertTrue(OfnIndex.of(f, 100, stamp) != null);
        Files.writeString(
                f.toPath(), "Prefix(:=<http://x.org/#>)\nOntology(\nSubClassOf(:A :C)\n)\n");
        assertEquals(null, OfnIndex.of(f, 100, stamp), "same size, other content");
    }
}
