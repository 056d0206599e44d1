package oarag.bridge.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reload's diff scans only the window where the edited file's bytes differ (OfnLayout): what it
 * finds is what a scan of the whole file finds, and the index it leaves behind, texts and where
 * they stand, is a fresh index's of the edited file, edit after edit.
 */
class OfnLayoutTest {
    @TempDir Path tmp;

    private static final String HEAD =
            "Prefix(:=<http://x.org/#>)\nPrefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)\n"
                    + "Ontology(<http://x.org/o>\nAnnotation(rdfs:comment \"head\")\n";

    private static String body(int n) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < n; k++) {
            b.append("SubClassOf(:C").append(k).append(" :C").append(k / 2).append(")\n");
            if (k % 7 == 0) {
                b.append("# a comment (with a parenthesis\n");
            }
            if (k % 5 == 0) {
                b.append("AnnotationAssertion(rdfs:label :C")
                        .append(k)
                        .append(" \"c ")
                        .append(k)
                        .append(" (x)\")\n");
            }
            if (k % 11 == 0) {
                b.append("SubClassOf(:C")
                        .append(k)
                        .append("\n    ObjectSomeValuesFrom(:p :C")
                        .append(k + 1)
                        .append("))\n");
            }
        }
        return b.toString();
    }

    /** t with a replaced by b, which it must hold. */
    private static String swap(String t, String a, String b) {
        assertTrue(t.contains(a), "the file has " + a);
        return t.replace(a, b);
    }

    private File file;
    private OfnIndex index;

    private void write(String text) throws Exception {
        Files.writeString(file.toPath(), text, StandardCharsets.UTF_8);
    }

    private String text() throws Exception {
        return Files.readString(file.toPath(), StandardCharsets.UTF_8);
    }

    /** Texts by position, with where they stand. */
    private static List<String> positions(OfnIndex x) {
        OfnLayout l = x.layout();
        List<String> out = new ArrayList<>();
        for (int k = 0; k < l.count; k++) {
            out.add(x.text(l.slot[k]) + " @" + l.at[k] + "-" + l.end[k] + " line " + l.line[k]);
        }
        return out;
    }

    private static Map<String, Integer> multiset(OfnIndex x) {
        Map<String, Integer> m = new HashMap<>();
        OfnLayout l = x.layout();
        for (int k = 0; k < l.count; k++) {
            m.merge(x.text(l.slot[k]), 1, Integer::sum);
        }
        return m;
    }

    /**
     * Applies an edit, diffs and patches the index, and checks both against fresh indexes; returns
     * whether windowed.
     */
    private boolean edit(UnaryOperator<String> change) throws Exception {
        OfnIndex before = OfnIndex.of(file, 100, null);
        write(change.apply(text()));
        OfnIndex fresh = OfnIndex.of(file, 100, null);
        OfnIndex.Diff d = index.diff(file, 100);
        Map<String, Integer> want = multiset(fresh);
        Map<String, Integer> had = multiset(before);
        Map<String, Integer> gone = new HashMap<>();
        for (int k : d.removed()) {
            gone.merge(index.text(k), 1, Integer::sum);
        }
        Map<String, Integer> came = new HashMap<>();
        for (int j = 0; j < d.addedCount(); j++) {
            came.merge(d.added(j), 1, Integer::sum);
        }
        // had - gone + came = want, and nothing both gone and come
        Map<String, Integer> got = new HashMap<>(had);
        gone.forEach((t, n) -> got.merge(t, -n, Integer::sum));
        came.forEach((t, n) -> got.merge(t, n, Integer::sum));
        got.values().removeIf(n -> n == 0);
        assertEquals(want, got);
        for (String t : came.keySet()) {
            assertFalse(gone.containsKey(t), "both removed and added: " + t);
        }
        index.apply(d);
        assertEquals(positions(fresh), positions(index));
        return d.windowed();
    }

    @Test
    void editsAnywhereGiveTheWholeScansAnswer() throws Exception {
        file = tmp.resolve("a.ofn").toFile();
        write(HEAD + body(300) + ")\n");
        index = OfnIndex.of(file, 100, null);
        assertTrue(
                edit(
                        t ->
                                swap(
                                        t,
                                        "SubClassOf(:C150 :C75)\n",
                                        "SubClassOf(:C150 :C75)\nSubClassOf(:C150 :C9)\n")),
                "an insertion in the middle");
        assertTrue(edit(t -> swap(t, "SubClassOf(:C40 :C20)\n", "")), "a deletion");
        assertTrue(
                edit(t -> swap(t, ":C60 \"c 60 (x)\"", ":C60 \"c sixty (x)\"")),
                "a change inside a literal");
        assertTrue(
                edit(t -> t.substring(0, t.lastIndexOf(')')) + "SubClassOf(:Z :C1)\n)\n"),
                "an axiom at the end");
        assertTrue(
                edit(
                        t ->
                                swap(
                                        t,
                                        "Annotation(rdfs:comment \"head\")\nSubClassOf(:C0 :C0)",
                                        "Annotation(rdfs:comment \"head\")\nSubClassOf(:C0 :C1)")),
                "the first axiom");
        assertTrue(
                edit(t -> swap(t, "SubClassOf(:C10 :C5)", "SubClassOf( :C10  :C5 )")),
                "white space only");
        assertTrue(edit(t -> t), "nothing");
        // a comment that loses its line end takes the next axiom into it
        assertTrue(
                edit(
                        t ->
                                swap(
                                        t,
                                        "# a comment (with a parenthesis\nSubClassOf(:C8 ",
                                        "# a comment SubClassOf(:C8 ")));
        edit(
                t ->
                        swap(
                                swap(t, "SubClassOf(:C3 :C1)", "SubClassOf(:C3 :C2)"),
                                "SubClassOf(:C290 :C145)",
                                "SubClassOf(:C290 :C144)"));
        assertFalse(
                edit(
                        t ->
                                swap(
                                        t,
                                        "Annotation(rdfs:comment \"head\")",
                                        "Annotation(rdfs:comment \"new\")")),
                "a header change is scanned whole");
        // many small edits in a row, where a user would make them
        Random r = new Random(7);
        for (int k = 0; k < 60; k++) {
            int c = r.nextInt(280);
            int what = r.nextInt(3);
            edit(
                    t -> {
                        String ax = "SubClassOf(:C" + c + " :C" + (c / 2) + ")\n";
                        if (!t.contains(ax)) {
                            return t.replace(")\n)\n", ")\n" + ax + ")\n");
                        }
                        return what == 0
                                ? t.replace(ax, "")
                                : what == 1
                                        ? t.replace(ax, ax + "SubClassOf(:N" + c + " :C1)\n")
                                        : t.replace(
                                                ax,
                                                "SubClassOf(:C" + c + "\n  :C" + (c / 3) + ")\n");
                    });
        }
    }

    @Test
    void aWindowThatIsNotWholeAxiomsIsScannedWhole() throws Exception {
        file = tmp.resolve("b.ofn").toFile();
        write(HEAD + body(40) + ")\n");
        index = OfnIndex.of(file, 100, null);
        // an ontology annotation among the axioms belongs to the header
        assertFalse(
                edit(
                        t ->
                                swap(
                                        t,
                                        "SubClassOf(:C20 :C10)\n",
                                        "Annotation(rdfs:comment \"late\")\n")));
    }
}
