package oarag.bridge.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.List;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests through the command dispatch, as the serve loop hands them over. */
class CommandsTest {
    @TempDir Path tmp;

    private static final String REG = "http://example.org/el/regulation#";

    private static JsonObject req(String json) {
        return JsonParser.parseString(json).getAsJsonObject();
    }

    private static String code(Commands c, String cmd, String json) {
        return assertThrows(BridgeException.class, () -> c.handle(cmd, req(json), Progress.NONE))
                .code;
    }

    @Test
    void badRequestsAndMissingOntologyHaveTheirCodes() {
        Commands c = new Commands();
        assertEquals("BAD_REQUEST", code(c, "frobnicate", "{}"));
        assertEquals("NO_ONTOLOGY", code(c, "extract", "{\"out\":\"/tmp/x\"}"));
        assertEquals("NO_ONTOLOGY", code(c, "explain", "{\"sub\":\"a\",\"sup\":\"b\"}"));
        assertEquals("BAD_REQUEST", code(c, "load", "{}"));
        assertEquals("BAD_REQUEST", code(c, "load", "{\"path\":3}"));
    }

    @Test
    void pingNamesTheVersions() throws Exception {
        JsonObject o = new Commands().handle("ping", new JsonObject(), Progress.NONE);
        assertEquals(Commands.ELK_VERSION, o.get("elk").getAsString());
        assertTrue(o.get("owlapi").getAsString().startsWith("5."));
    }

    @Test
    void extractReportsEveryPhaseTime() throws Exception {
        Commands c = new Commands();
        JsonObject load =
                c.handle(
                        "load",
                        req(
                                "{\"path\":\""
                                        + Fixtures.file("regulation.ofn").getAbsolutePath()
                                        + "\"}"),
                        Progress.NONE);
        assertEquals(31, load.get("classes").getAsInt());
        assertEquals(0, load.getAsJsonArray("warnings").size());
        JsonObject ex =
                c.handle(
                        "extract",
                        req("{\"out\":\"" + tmp.resolve("d.ndjson").toString() + "\"}"),
                        Progress.NONE);
        assertTrue(ex.get("links").getAsInt() > 0);
        JsonObject sec = ex.getAsJsonObject("seconds");
        for (String k :
                List.of("classify", "closure", "write", "parse", "prepare", "elk", "taxonomy")) {
            assertTrue(sec.has(k) && sec.get(k).getAsDouble() >= 0, k + " in " + sec);
        }
        assertTrue(sec.get("parse").getAsDouble() > 0, sec.toString());
        assertTrue(sec.get("elk").getAsDouble() > 0, sec.toString());
        double parts =
                sec.get("prepare").getAsDouble()
                        + sec.get("elk").getAsDouble()
                        + sec.get("taxonomy").getAsDouble();
        assertEquals(
                sec.get("classify").getAsDouble(),
                parts,
                0.0021,
                "classify = prepare + elk + taxonomy: " + sec);
    }

    @Test
    void queriesAnswerWithElkOverTheLoadedOntology() throws Exception {
        Commands c = new Commands();
        c.handle(
                "load",
                req("{\"path\":\"" + Fixtures.file("regulation.ofn").getAbsolutePath() + "\"}"),
                Progress.NONE);
        JsonObject ent =
                c.handle(
                        "entailed",
                        req(
                                "{\"queries\":["
                                        + "{\"sub\":\""
                                        + REG
                                        + "RegulationOfGlycolysis\",\"r\":\""
                                        + REG
                                        + "regulates\",\"sup\":\""
                                        + REG
                                        + "CellularRespiration\"},"
                                        + "{\"sub\":\""
                                        + REG
                                        + "Glycolysis\",\"r\":\""
                                        + REG
                                        + "partOf\",\"sup\":\""
                                        + REG
                                        + "Cell\"},"
                                        + "{\"sub\":\""
                                        + REG
                                        + "Glycolysis\",\"r\":null,\"sup\":\""
                                        + REG
                                        + "GlycolysisInCell\"}]}"),
                        Progress.NONE);
        JsonArray a = ent.getAsJsonArray("answers");
        assertTrue(a.get(0).getAsBoolean());
        assertFalse(a.get(1).getAsBoolean());
        assertTrue(a.get(2).getAsBoolean());
        JsonObject sup =
                c.handle(
                        "superclasses",
                        req("{\"iris\":[\"" + REG + "Glycolysis\"]}"),
                        Progress.NONE);
        assertTrue(
                Fixtures.strings(sup.getAsJsonArray("answers").get(0))
                        .contains(REG + "CarbohydrateCatabolicProcess"));
        JsonObject sub =
                c.handle(
                        "subclasses",
                        req(
                                "{\"queries\":[{\"and\":[{\"r\":null,\"sup\":\""
                                        + REG
                                        + "Glycolysis\"}]}]}"),
                        Progress.NONE);
        assertTrue(
                Fixtures.strings(sub.getAsJsonArray("answers").get(0))
                        .contains(REG + "GlycolysisInHepatocyte"));
        JsonObject ex =
                c.handle(
                        "explain",
                        req(
                                "{\"sub\":\""
                                        + REG
                                        + "RegulationOfGlycolysis\",\"r\":\""
                                        + REG
                                        + "regulates\",\"sup\":\""
                                        + REG
                                        + "CellularRespiration\"}"),
                        Progress.NONE);
        assertTrue(ex.get("entailed").getAsBoolean());
        assertTrue(ex.getAsJsonArray("axioms").size() >= 2);
        JsonObject no =
                c.handle(
                        "explain",
                        req(
                                "{\"sub\":\""
                                        + REG
                                        + "Glycolysis\",\"r\":\""
                                        + REG
                                        + "partOf\",\"sup\":\""
                                        + REG
                                        + "Cell\"}"),
                        Progress.NONE);
        assertFalse(no.get("entailed").getAsBoolean());
        assertEquals(0, no.getAsJsonArray("axioms").size());
    }
}
