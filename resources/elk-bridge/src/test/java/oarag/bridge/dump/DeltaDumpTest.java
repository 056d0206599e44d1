package oarag.bridge.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import oarag.bridge.common.Progress;
import oarag.bridge.extract.WarmState;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.CanonicalDump;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reload asked for a delta writes only the record groups that changed since the session's last
 * dump, and a gone record for each group that went; the last dump with those groups replaced is the
 * dump a fresh bridge writes for the edited file. Changes a client cannot patch (a new class, a
 * property) give a full dump, and the next delta is taken against that one.
 */
class DeltaDumpTest {
    @TempDir Path tmp;

    private int outputs;

    private File nextOut() {
        return tmp.resolve("dump-" + (++outputs) + ".ndjson").toFile();
    }

    private static JsonObject call(Commands c, String cmd, JsonObject req) throws Exception {
        return c.handle(cmd, req, Progress.NONE);
    }

    private static JsonObject req(String... kv) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < kv.length; i += 2) {
            o.addProperty(kv[i], kv[i + 1]);
        }
        return o;
    }

    private static JsonObject reloadReq(File f, File out, boolean delta) {
        JsonObject o = req("path", f.getPath(), "out", out.getPath());
        o.addProperty("delta", delta);
        return o;
    }

    /**
     * A dump's records by group key (docs/bridge-protocol.md), in file order; stats under "stats".
     */
    private static Map<String, List<String>> groups(File dump) throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dump.toPath(), StandardCharsets.UTF_8)) {
            if (!line.isEmpty()) {
                out.computeIfAbsent(key(line), k -> new ArrayList<>()).add(line);
            }
        }
        return out;
    }

    private static String key(String line) {
        JsonObject r = JsonParser.parseString(line).getAsJsonObject();
        switch (r.get("t").getAsString()) {
            case "ontology":
                return "o";
            case "annotationProperty":
                return "a" + r.get("iri").getAsString();
            case "property":
                return "p" + r.get("iri").getAsString();
            case "class":
                return "c" + r.get("iri").getAsString();
            case "stated":
                return "s" + r.get("s").getAsString();
            case "hier":
                return "h" + r.get("c").getAsString();
            case "unsat":
                return "u" + r.get("c").getAsString();
            case "filler":
                return "f" + r.get("iri").getAsString();
            case "link":
                return "l" + r.get("s").getAsString();
            case "gone":
                return "gone " + r.get("k").getAsString() + r.get("s").getAsString();
            default:
                return r.get("t").getAsString();
        }
    }

    /** The last dump's groups with the delta applied. */
    private static Map<String, List<String>> apply(
            Map<String, List<String>> last, Map<String, List<String>> delta) {
        Map<String, List<String>> out = new LinkedHashMap<>(last);
        for (Map.Entry<String, List<String>> e : delta.entrySet()) {
            if (e.getKey().startsWith("gone ")) {
                assertTrue(
                        out.remove(e.getKey().substring(5)) != null,
                        "a gone group was there: " + e.getKey());
            } else {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static List<String> canonical(Map<String, List<String>> groups, Path dir, String name)
            throws Exception {
        List<String> lines = new ArrayList<>();
        groups.values().forEach(lines::addAll);
        File f = dir.resolve(name).toFile();
        Files.write(f.toPath(), lines, StandardCharsets.UTF_8);
        return CanonicalDump.of(f);
    }

    private static void replace(File f, String old, String now) throws Exception {
        String t = Files.readString(f.toPath(), StandardCharsets.UTF_8);
        assertTrue(t.contains(old), "the fixture has " + old);
        Files.writeString(f.toPath(), t.replace(old, now), StandardCharsets.UTF_8);
    }

    private static void addLines(File f, String... lines) throws Exception {
        String t = Files.readString(f.toPath(), StandardCharsets.UTF_8);
        int end = t.lastIndexOf(')');
        Files.writeString(
                f.toPath(),
                t.substring(0, end) + String.join("\n", lines) + "\n" + t.substring(end),
                StandardCharsets.UTF_8);
    }

    /** The session as the client last saw it: the groups of the last dump, full or patched. */
    private Map<String, List<String>> seen;

    /**
     * Reloads with a delta asked for; checks what the client would build against a fresh bridge's
     * dump.
     */
    private JsonObject reload(Commands c, File f) throws Exception {
        File out = nextOut();
        JsonObject r = call(c, "reload", reloadReq(f, out, true));
        Map<String, List<String>> got = groups(out);
        boolean delta = r.get("dump").getAsString().equals("delta");
        if (delta) {
            JsonObject g = r.getAsJsonObject("groups");
            long gone = got.keySet().stream().filter(k -> k.startsWith("gone ")).count();
            assertEquals(g.get("gone").getAsLong(), gone, r.toString());
            // the delta's first record says it is one; it and stats are the records outside the
            // groups
            assertEquals("delta", got.keySet().iterator().next(), r.toString());
            assertEquals(g.get("changed").getAsInt() + gone + 2, got.size(), r.toString());
            got.remove("delta");
            got = apply(seen, got);
        }
        seen = got;
        Commands fresh = new Commands();
        call(fresh, "load", req("path", f.getPath()));
        File freshOut = nextOut();
        call(fresh, "extract", req("out", freshOut.getPath()));
        List<String> want = CanonicalDump.of(freshOut);
        List<String> have = canonical(got, tmp, "applied-" + outputs + ".ndjson");
        assertEquals(want, have, () -> CanonicalDump.difference(have, want));
        return r;
    }

    /**
     * A session that loaded and extracted the file, once its axiom texts are indexed (functional
     * syntax), so that an edit is found by the index as a user's later edit would be, not by
     * parsing the file whole.
     */
    private Commands warm(File f) throws Exception {
        Commands c = new Commands();
        call(c, "load", req("path", f.getPath()));
        File out = nextOut();
        call(c, "extract", req("out", out.getPath()));
        seen = groups(out);
        assertTrue(c.current().warm(WarmState.class) != null, "a warm state is kept");
        c.current().warm(WarmState.class).index();
        return c;
    }

    private File regulation() throws Exception {
        File f = tmp.resolve("reg.ofn").toFile();
        Files.copy(Fixtures.file("regulation.ofn").toPath(), f.toPath());
        return f;
    }

    @Test
    void oneClassEditsGiveSmallDeltas() throws Exception {
        File f = regulation();
        Commands c = warm(f);
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        JsonObject r = reload(c, f);
        assertEquals("delta", r.get("dump").getAsString(), r.toString());
        assertTrue(
                r.get("records").getAsInt() <= 5,
                "the class's hierarchy and links, and stats: " + r);

        addLines(
                f,
                "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))");
        assertEquals("delta", reload(c, f).get("dump").getAsString());

        replace(
                f,
                "AnnotationAssertion(rdfs:label :ATP \"ATP\"@en)",
                "AnnotationAssertion(rdfs:label :ATP \"adenosine triphosphate\"@en)");
        assertEquals("delta", reload(c, f).get("dump").getAsString());

        // a group that goes: the existential just added, and with it the stated record and the
        // links
        replace(
                f,
                "SubClassOf(:PhosphofructokinaseReaction ObjectSomeValuesFrom(:regulates :Glycolysis))\n",
                "");
        assertEquals("delta", reload(c, f).get("dump").getAsString());
    }

    @Test
    void logicalEditsRewriteTheStatedRecordsOfTheClassesTheyStateSomethingOf() throws Exception {
        File f = regulation();
        Commands c = warm(f);
        // a class with several stated records gets one more (its group is written whole, in the
        // whole head's order)
        addLines(
                f,
                "SubClassOf(:Glycolysis ObjectSomeValuesFrom(:regulates :CellularRespiration))",
                "DisjointClasses(:Glucose :Pyruvate)");
        assertEquals("delta", reload(c, f).get("dump").getAsString());
        // an equivalence that loses its existential, and one that gains one
        replace(
                f,
                "EquivalentClasses(:GlycolysisInCell ObjectIntersectionOf(:Glycolysis "
                        + "ObjectSomeValuesFrom(:occursIn :Cell)))",
                "EquivalentClasses(:GlycolysisInCell :Glycolysis)");
        addLines(
                f,
                "EquivalentClasses(:ATP ObjectIntersectionOf(:ChemicalEntity "
                        + "ObjectSomeValuesFrom(:partOf :Glucose)))");
        JsonObject r = reload(c, f);
        assertEquals("delta", r.get("dump").getAsString(), r.toString());
        assertTrue(
                r.getAsJsonObject("groups").get("gone").getAsInt() >= 1,
                "GlycolysisInCell's stated: " + r);
        // a label after logical edits: the whole head again, as its texts may change
        replace(
                f,
                "AnnotationAssertion(rdfs:label :Glycolysis \"glycolysis\"@en)",
                "AnnotationAssertion(rdfs:label :Glycolysis \"glycolytic process\"@en)");
        assertEquals("delta", reload(c, f).get("dump").getAsString());
    }

    /**
     * A file with no axiom index (here OBO) is parsed whole for a reload; the records of what did
     * not change still read as they did (annotations in a fixed order, not OWL API's), so the dump
     * is a delta.
     */
    @Test
    void aFileParsedWholeForTheReloadStillGivesADelta() throws Exception {
        StringBuilder sb = new StringBuilder("format-version: 1.2\nontology: t\n");
        for (int i = 1; i <= 40; i++) {
            sb.append("\n[Term]\nid: T:")
                    .append(1000 + i)
                    .append("\nname: term ")
                    .append(i)
                    .append("\nsynonym: \"other ")
                    .append(i)
                    .append("\" EXACT []\nxref: X:")
                    .append(i)
                    .append('\n');
            if (i > 1) {
                sb.append("is_a: T:").append(1000 + i / 2).append('\n');
            }
        }
        File f = tmp.resolve("t.obo").toFile();
        Files.writeString(f.toPath(), sb.toString(), StandardCharsets.UTF_8);
        Commands c = warm(f);
        replace(f, "id: T:1030\nname: term 30\n", "id: T:1030\nname: term 30\nis_a: T:1003\n");
        JsonObject r = reload(c, f);
        assertTrue(r.get("incremental").getAsBoolean(), r.toString());
        assertEquals("delta", r.get("dump").getAsString(), r.toString());
    }

    @Test
    void aNewClassOrAPropertyChangeGivesAFullDumpAndLaterDeltasFollowIt() throws Exception {
        File f = regulation();
        Commands c = warm(f);
        addLines(f, "Declaration(Class(:Lactate))", "SubClassOf(:Lactate :Carbohydrate)");
        assertEquals("full", reload(c, f).get("dump").getAsString());
        replace(
                f,
                "AnnotationAssertion(rdfs:label :hasInput \"has input\"@en)",
                "AnnotationAssertion(rdfs:label :hasInput \"takes as input\"@en)");
        assertEquals("full", reload(c, f).get("dump").getAsString());
        addLines(f, "SubClassOf(:Lactate :ChemicalEntity)");
        JsonObject r = reload(c, f);
        assertEquals("delta", r.get("dump").getAsString(), r.toString());
    }

    @Test
    void withoutADeltaAskedForTheDumpIsFull() throws Exception {
        File f = regulation();
        Commands c = warm(f);
        addLines(f, "SubClassOf(:ATP :Carbohydrate)");
        File out = nextOut();
        JsonObject r = call(c, "reload", reloadReq(f, out, false));
        assertEquals("full", r.get("dump").getAsString());
        assertFalse(r.has("groups"));
        Map<String, List<String>> got = groups(out);
        assertTrue(got.keySet().stream().noneMatch(k -> k.startsWith("gone ")));
        assertEquals(
                seen.keySet().stream().filter(k -> k.startsWith("c")).count(),
                got.keySet().stream().filter(k -> k.startsWith("c")).count(),
                "every class record again");
    }
}
