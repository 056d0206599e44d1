package oarag.bridge.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import oarag.bridge.common.Progress;
import oarag.bridge.extract.Extractor;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.Fixtures;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dump's own UTF-8 encoding, and a dump that is not finished. */
class DumpWriterTest {
    @TempDir Path tmp;

    @Test
    void labelsOutsideAsciiArriveIntact() throws Exception {
        Map<String, String> labels =
                Map.of(
                        "A",
                        "café",
                        "B",
                        "中文の名前",
                        "C",
                        "smile 😀 and 𝔘",
                        "D",
                        "tab\tquote\" backslash\\ line\nbreak");
        StringBuilder axioms = new StringBuilder();
        for (Map.Entry<String, String> e : labels.entrySet()) {
            String lit = e.getValue().replace("\\", "\\\\").replace("\"", "\\\"");
            axioms.append("Declaration(Class(:")
                    .append(e.getKey())
                    .append("))\n")
                    .append("AnnotationAssertion(rdfs:label :")
                    .append(e.getKey())
                    .append(" \"")
                    .append(lit)
                    .append("\")\n");
        }
        Session s = Ofn.load(tmp, "labels", axioms.toString());
        Dump d = Fixtures.extract(s, tmp);
        Map<String, String> got = new HashMap<>();
        for (JsonObject c : d.ofType("class")) {
            String iri = c.get("iri").getAsString();
            got.put(
                    iri.substring(iri.indexOf('#') + 1),
                    c.getAsJsonArray("annotations")
                            .get(0)
                            .getAsJsonObject()
                            .get("v")
                            .getAsString());
        }
        assertEquals(labels, got);
    }

    @Test
    void aDumpThatIsNotFinishedLeavesNoFile() throws Exception {
        Session s = Fixtures.load("anatomy.ofn");
        Extractor.Prepared p = Extractor.prepare(s);
        File out = tmp.resolve("never.ndjson").toFile();
        try (DumpWriter w = new DumpWriter(s, p.sig, p.roles, p.att, out, Progress.NONE)) {
            w.startHead();
            assertTrue(new File(out.getPath() + ".tmp").exists());
        }
        assertFalse(out.exists());
        assertFalse(new File(out.getPath() + ".tmp").exists());
    }
}
