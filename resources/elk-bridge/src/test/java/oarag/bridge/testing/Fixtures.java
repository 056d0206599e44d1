package oarag.bridge.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.extract.Extractor;
import oarag.bridge.extract.ResultJson;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;

/**
 * The hand-written EL ontologies in test/fixtures/el (with their *.expected.json) and the one place
 * that calls the extraction, so the tests do not depend on how the bridge's phases are wired.
 */
public final class Fixtures {
    private Fixtures() {}

    /**
     * test/fixtures/el of the repository: from -Doarag.fixtures (set by the pom), else relative to
     * this module.
     */
    public static File dir() {
        String p = System.getProperty("oarag.fixtures");
        File d = p != null ? new File(p) : new File("../../test/fixtures/el");
        if (!d.isDirectory()) {
            throw new IllegalStateException("fixture folder not found: " + d.getAbsolutePath());
        }
        return d;
    }

    public static File file(String name) {
        return new File(dir(), name);
    }

    public static JsonObject expected(String base) throws IOException {
        return JsonParser.parseString(
                        Files.readString(
                                new File(dir(), base + ".expected.json").toPath(),
                                StandardCharsets.UTF_8))
                .getAsJsonObject();
    }

    /**
     * Fixture bases that have an expected closure (classes > 0), with their ontology file names.
     */
    public static List<String[]> withClosure() throws IOException {
        List<String[]> out = new ArrayList<>();
        File[] files = dir().listFiles();
        java.util.Arrays.sort(files);
        for (File f : files) {
            String n = f.getName();
            if (!n.endsWith(".expected.json")) {
                continue;
            }
            String base = n.substring(0, n.length() - ".expected.json".length());
            if (expected(base).get("classes").getAsInt() == 0) {
                continue;
            }
            for (File g : files) {
                if (g.getName().startsWith(base + ".") && !g.getName().endsWith(".json")) {
                    out.add(new String[] {base, g.getName()});
                }
            }
        }
        return out;
    }

    public static Session load(String name) throws BridgeException {
        return Loader.load(file(name), (java.io.File) null, Progress.NONE);
    }

    /** Runs the bridge's extract over a loaded session into dir and reads the dump back. */
    public static Dump extract(Session s, Path dir) throws Exception {
        File out = dir.resolve("dump.ndjson").toFile();
        JsonObject result = ResultJson.extract(Extractor.run(s, Progress.NONE, out), 0);
        return Dump.read(out, result);
    }

    public static List<String> strings(JsonElement e) {
        List<String> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            out.add(x.getAsString());
        }
        return out;
    }

    public static List<String[]> triples(JsonArray a) {
        List<String[]> out = new ArrayList<>();
        for (JsonElement t : a) {
            JsonArray x = t.getAsJsonArray();
            out.add(
                    new String[] {
                        x.get(0).getAsString(), x.get(1).getAsString(), x.get(2).getAsString()
                    });
        }
        return out;
    }

    /** SubClassOf(a, ∃r.b), or SubClassOf(a, b) when r is null. */
    public static OWLAxiom goal(Session s, String a, String r, String b) {
        OWLClass sub = s.df.getOWLClass(IRI.create(a));
        OWLClass sup = s.df.getOWLClass(IRI.create(b));
        OWLClassExpression c =
                r == null
                        ? sup
                        : s.df.getOWLObjectSomeValuesFrom(
                                s.df.getOWLObjectProperty(IRI.create(r)), sup);
        return s.df.getOWLSubClassOfAxiom(sub, c);
    }
}
