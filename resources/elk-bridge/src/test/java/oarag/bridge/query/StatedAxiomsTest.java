package oarag.bridge.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import oarag.bridge.common.Progress;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;

/**
 * classAxioms, toldParents and the explanation of an unsatisfiable class, through the command
 * dispatch.
 */
class StatedAxiomsTest {
    private static final String LAB = "http://example.org/el/lab#";
    private static final String CL = "http://example.org/el/clinical#";
    private static final String NOTHING = "http://www.w3.org/2002/07/owl#Nothing";

    private static JsonObject req(String json) {
        return JsonParser.parseString(json).getAsJsonObject();
    }

    private static Commands loaded(String fixture) throws Exception {
        Commands c = new Commands();
        c.handle(
                "load",
                req("{\"path\":\"" + Fixtures.file(fixture).getAbsolutePath() + "\"}"),
                Progress.NONE);
        return c;
    }

    private static List<JsonObject> axioms(Commands c, String iri) throws Exception {
        JsonObject r = c.handle("classAxioms", req("{\"iri\":\"" + iri + "\"}"), Progress.NONE);
        assertTrue(r.get("found").getAsBoolean(), iri);
        List<JsonObject> out = new ArrayList<>();
        for (JsonElement e : r.getAsJsonArray("axioms")) {
            out.add(e.getAsJsonObject());
        }
        assertEquals(r.get("total").getAsInt(), out.size());
        return out;
    }

    private static JsonObject withText(List<JsonObject> axioms, String manchester) {
        for (JsonObject a : axioms) {
            if (a.get("manchester").getAsString().equals(manchester)) {
                return a;
            }
        }
        throw new AssertionError("no axiom " + manchester + " in " + axioms);
    }

    @Test
    void everyAxiomMentioningTheClassInManchesterSyntaxWithFullIris() throws Exception {
        Commands c = loaded("non-el.ofn");
        List<JsonObject> cr = axioms(c, LAB + "ContaminatedReagent");
        assertEquals(2, cr.size(), cr.toString());
        JsonObject sub =
                withText(cr, "<" + LAB + "ContaminatedReagent> SubClassOf <" + LAB + "Sample>");
        assertEquals("SubClassOf", sub.get("type").getAsString());
        assertEquals(0, sub.getAsJsonArray("nonEl").size());
        assertFalse(sub.get("elkIgnores").getAsBoolean());
        assertFalse(sub.get("imported").getAsBoolean());
        assertEquals(
                "SubClassOf(<" + LAB + "ContaminatedReagent> <" + LAB + "Sample>)",
                sub.get("functional").getAsString());
        JsonArray ops = sub.getAsJsonArray("operands");
        assertEquals(
                LAB + "ContaminatedReagent", ops.get(0).getAsJsonObject().get("iri").getAsString());
        assertEquals(
                List.of(LAB + "Sample"),
                Fixtures.strings(ops.get(1).getAsJsonObject().get("named")));
        assertEquals(
                List.of(LAB + "ContaminatedReagent", LAB + "Sample"),
                Fixtures.strings(sub.get("entities")));

        // Sample is used by other classes' axioms, some outside EL: a cardinality ELK skips, a
        // complement it reads.
        List<JsonObject> sample = axioms(c, LAB + "Sample");
        JsonObject min =
                withText(
                        sample,
                        "<"
                                + LAB
                                + "Centrifugation> SubClassOf <"
                                + LAB
                                + "hasOutput> min 2 <"
                                + LAB
                                + "Sample>");
        assertTrue(min.get("elkIgnores").getAsBoolean());
        assertEquals(List.of("ObjectMinCardinality"), Fixtures.strings(min.get("nonEl")));
        JsonObject not =
                withText(sample, "<" + LAB + "Reagent> SubClassOf not (<" + LAB + "Sample>)");
        assertEquals(List.of("ObjectComplementOf"), Fixtures.strings(not.get("nonEl")));
        assertFalse(not.get("elkIgnores").getAsBoolean());
        assertTrue(not.getAsJsonArray("operands").get(1).getAsJsonObject().get("iri").isJsonNull());
    }

    @Test
    void unknownClassIsNotFoundAndHasNoAxioms() throws Exception {
        JsonObject r =
                loaded("non-el.ofn")
                        .handle("classAxioms", req("{\"iri\":\"" + LAB + "Nope\"}"), Progress.NONE);
        assertFalse(r.get("found").getAsBoolean());
        assertEquals(0, r.getAsJsonArray("axioms").size());
    }

    @Test
    void toldParentsAreTheNamedConjunctsOfStatedAxioms() throws Exception {
        JsonObject r =
                loaded("clinical.ofn").handle("toldParents", new JsonObject(), Progress.NONE);
        List<String> iris = Fixtures.strings(r.get("iris"));
        JsonArray e = r.getAsJsonArray("edges");
        assertEquals(0, e.size() % 3);
        Set<String> edges = new HashSet<>();
        for (int i = 0; i < e.size(); i += 3) {
            edges.add(
                    iris.get(e.get(i).getAsInt()).replace(CL, "")
                            + " "
                            + iris.get(e.get(i + 1).getAsInt()).replace(CL, "")
                            + " "
                            + e.get(i + 2).getAsInt());
        }
        assertTrue(edges.contains("PneumococcalPneumonia Pneumonia 0"), edges.toString());
        assertTrue(edges.contains("BacterialPneumonia Pneumonia 1"), edges.toString());
        assertTrue(
                edges.contains("ChimericPathogen Bacterium 0")
                        && edges.contains("ChimericPathogen Virus 0"));
        // Only named conjuncts: no edge for an existential, none to owl:Nothing, none for a class
        // without told parents.
        assertFalse(edges.stream().anyMatch(x -> x.startsWith("LungLesion ")), edges.toString());
        assertFalse(iris.contains(NOTHING));
        assertTrue(edges.contains("NullFinding ClinicalFinding 0"));
    }

    @Test
    void anUnsatisfiableClassIsExplainedBySubsumptionByNothing() throws Exception {
        Commands c = loaded("clinical.ofn");
        JsonObject ex =
                c.handle(
                        "explain",
                        req(
                                "{\"sub\":\""
                                        + CL
                                        + "ChimericPathogen\",\"r\":null,\"sup\":\""
                                        + NOTHING
                                        + "\"}"),
                        Progress.NONE);
        assertTrue(ex.get("entailed").getAsBoolean());
        Set<String> texts = new HashSet<>();
        for (JsonElement a : ex.getAsJsonArray("axioms")) {
            texts.add(a.getAsJsonObject().get("manchester").getAsString());
        }
        assertEquals(
                Set.of(
                        "<" + CL + "ChimericPathogen> SubClassOf <" + CL + "Bacterium>",
                        "<" + CL + "ChimericPathogen> SubClassOf <" + CL + "Virus>",
                        "<" + CL + "Bacterium> DisjointWith <" + CL + "Virus>"),
                texts);
        JsonObject ok =
                c.handle(
                        "explain",
                        req(
                                "{\"sub\":\""
                                        + CL
                                        + "Pneumonia\",\"r\":null,\"sup\":\""
                                        + NOTHING
                                        + "\"}"),
                        Progress.NONE);
        assertFalse(ok.get("entailed").getAsBoolean());
    }
}
