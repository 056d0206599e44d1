package oarag.bridge.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import oarag.bridge.common.Progress;
import oarag.bridge.diff.OfnIndex;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.CanonicalDump;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.RDFXMLDocumentFormat;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * What the reload tests share: fixture copies in a temporary folder, warm sessions, edits of the
 * file, and a reload checked against a fresh bridge's load + extract of the edited file.
 */
abstract class ReloadCase {
    @TempDir Path tmp;

    static final String REG = "http://example.org/el/regulation#";
    private static final List<String> LOAD_KEYS =
            List.of(
                    "ontologyIri",
                    "versionIri",
                    "format",
                    "classes",
                    "objectProperties",
                    "axioms",
                    "imports",
                    "warnings",
                    "outsideEl");
    private static final List<String> EXTRACT_KEYS =
            List.of("records", "unsatisfiable", "links", "fillers", "freshClasses");

    private int outputs;

    File nextOut() {
        return tmp.resolve("dump-" + (++outputs) + ".ndjson").toFile();
    }

    static JsonObject req(String... kv) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < kv.length; i += 2) {
            o.addProperty(kv[i], kv[i + 1]);
        }
        return o;
    }

    static JsonObject call(Commands c, String cmd, JsonObject req) throws Exception {
        return c.handle(cmd, req, Progress.NONE);
    }

    File copy(String fixture, String name) throws Exception {
        File f = tmp.resolve(name).toFile();
        Files.copy(Fixtures.file(fixture).toPath(), f.toPath());
        return f;
    }

    /**
     * A bridge session that loaded and extracted the file, so it holds a warm state; once the
     * state's index of the file's axiom texts (functional syntax) is built, which happens after the
     * extract, so the test's edits come after it as a user's would.
     */
    Commands warm(File f) throws Exception {
        Commands c = new Commands();
        call(c, "load", req("path", f.getPath()));
        call(c, "extract", req("out", nextOut().getPath()));
        assertTrue(c.current().warm(WarmState.class) != null, "a warm state is kept");
        texts(c);
        return c;
    }

    /**
     * The warm state's index of the axiom texts, once built (null: reloads parse the file whole).
     */
    static OfnIndex texts(Commands c) {
        return c.current().warm(WarmState.class) == null
                ? null
                : c.current().warm(WarmState.class).index();
    }

    static String text(File f) throws Exception {
        return Files.readString(f.toPath(), StandardCharsets.UTF_8);
    }

    static void write(File f, String text) throws Exception {
        Files.writeString(f.toPath(), text, StandardCharsets.UTF_8);
    }

    /** Adds axiom lines before the ontology's closing parenthesis (the file's last one). */
    static void addLines(File f, String... lines) throws Exception {
        String t = text(f);
        int end = t.lastIndexOf(')');
        write(f, t.substring(0, end) + String.join("\n", lines) + "\n" + t.substring(end));
    }

    static void replace(File f, String old, String now) throws Exception {
        String t = text(f);
        assertTrue(t.contains(old), "the fixture has " + old);
        write(f, t.replace(old, now));
    }

    /** Reloads f into c and checks the result against a fresh bridge's load + extract of f. */
    JsonObject reload(Commands c, File f) throws Exception {
        File out = nextOut();
        JsonObject r = call(c, "reload", req("path", f.getPath(), "out", out.getPath()));
        Commands fresh = new Commands();
        JsonObject loaded = call(fresh, "load", req("path", f.getPath()));
        File freshOut = nextOut();
        JsonObject extracted = call(fresh, "extract", req("out", freshOut.getPath()));
        List<String> got = CanonicalDump.of(out);
        List<String> want = CanonicalDump.of(freshOut);
        assertEquals(want, got, () -> CanonicalDump.difference(got, want));
        for (String k : LOAD_KEYS) {
            assertEquals(loaded.get(k), r.get(k), k);
        }
        for (String k : EXTRACT_KEYS) {
            assertEquals(extracted.get(k), r.get(k), k);
        }
        return r;
    }

    static void assertIncremental(JsonObject r, int added, int removed) {
        assertTrue(r.get("incremental").getAsBoolean(), r.toString());
        assertTrue(r.get("reason").isJsonNull(), r.toString());
        assertEquals(added, r.getAsJsonObject("diff").get("added").getAsInt(), "added: " + r);
        assertEquals(removed, r.getAsJsonObject("diff").get("removed").getAsInt(), "removed: " + r);
        JsonObject sec = r.getAsJsonObject("seconds");
        for (String k :
                List.of(
                        "diff",
                        "apply",
                        "prepare",
                        "elk",
                        "taxonomy",
                        "classify",
                        "closure",
                        "write")) {
            assertTrue(sec.has(k) && sec.get(k).getAsDouble() >= 0, k + " in " + sec);
        }
        assertFalse(sec.has("parse"), sec.toString());
    }

    static void assertFull(JsonObject r, String reason) {
        assertFalse(r.get("incremental").getAsBoolean(), r.toString());
        assertEquals(reason, r.get("reason").getAsString());
        assertFalse(r.has("diff"), "a full load counts no axioms: " + r);
        assertTrue(r.getAsJsonObject("seconds").get("parse").getAsDouble() > 0, r.toString());
    }

    static boolean entailed(Commands c, String sub, String sup) throws Exception {
        JsonObject q =
                JsonParser.parseString(
                                "{\"queries\":[{\"sub\":\""
                                        + REG
                                        + sub
                                        + "\",\"r\":null,\"sup\":\""
                                        + REG
                                        + sup
                                        + "\"}]}")
                        .getAsJsonObject();
        return call(c, "entailed", q).getAsJsonArray("answers").get(0).getAsBoolean();
    }

    /**
     * The OWL functional file written as RDF/XML, with SubClassOf(name, Carbohydrate) added when
     * name is given.
     */
    static void saveAsRdfXml(File ofn, File out, String name) throws Exception {
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        OWLOntology o = man.loadOntologyFromOntologyDocument(ofn);
        if (name != null) {
            OWLDataFactory df = man.getOWLDataFactory();
            o.add(
                    df.getOWLSubClassOfAxiom(
                            df.getOWLClass(IRI.create(REG + name)),
                            df.getOWLClass(IRI.create(REG + "Carbohydrate"))));
        }
        try (FileOutputStream os = new FileOutputStream(out)) {
            man.saveOntology(o, new RDFXMLDocumentFormat(), os);
        }
    }
}
