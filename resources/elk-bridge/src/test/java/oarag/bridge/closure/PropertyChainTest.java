package oarag.bridge.closure;

import static oarag.bridge.testing.Ofn.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.ElkOracle;
import oarag.bridge.testing.Fixtures;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property chains, sub-properties and transitivity in the closure (links over named properties
 * only).
 */
class PropertyChainTest {
    @TempDir Path tmp;

    private static final String REG = "http://example.org/el/regulation#";

    @Test
    void regulationFixtureReportsTheToldPropertyAxioms() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("regulation.ofn"), tmp);
        JsonObject regulates = d.properties.get(REG + "regulates");
        JsonArray chains = regulates.getAsJsonArray("chains");
        assertEquals(1, chains.size());
        assertEquals(List.of(REG + "regulates", REG + "partOf"), Fixtures.strings(chains.get(0)));
        assertEquals(
                List.of(REG + "regulates"),
                Fixtures.strings(d.properties.get(REG + "positivelyRegulates").get("parents")));
        assertEquals(
                List.of(REG + "involves"),
                Fixtures.strings(d.properties.get(REG + "hasParticipant").get("parents")));
        assertEquals(
                List.of(REG + "hasParticipant"),
                Fixtures.strings(d.properties.get(REG + "involves").get("parents")));
        assertTrue(d.properties.get(REG + "partOf").get("transitive").getAsBoolean());
        assertFalse(d.properties.get(REG + "regulates").get("transitive").getAsBoolean());
        assertEquals(0, d.properties.get(REG + "partOf").getAsJsonArray("chains").size());
    }

    @Test
    void chainGoesUpThePartOfPathOnlyForTheChainedProperty() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("regulation.ofn"), tmp);
        assertTrue(
                d.entailed(
                        REG + "RegulationOfPhosphofructokinaseReaction",
                        REG + "regulates",
                        REG + "CellularRespiration"));
        assertTrue(d.entailed(REG + "Glycolysis", REG + "occursIn", REG + "Cell"));
        assertFalse(
                d.entailed(
                        REG + "PositiveRegulationOfGlycolysis",
                        REG + "positivelyRegulates",
                        REG + "CellularRespiration"));
        assertFalse(
                d.entailed(
                        REG + "FructoseBisphosphateSignaling",
                        REG + "regulates",
                        REG + "Glycolysis"));
        // the nested filler ∃positivelyRegulates.(Glycolysis ⊓ ∃occursIn.Hepatocyte) is a named
        // class's equivalent
        boolean linkToDefined =
                d.linkList.stream()
                        .anyMatch(
                                l ->
                                        l[0].equals(REG + "HepaticGlycolysisActivation")
                                                && l[1].equals(REG + "positivelyRegulates")
                                                && l[2].equals(REG + "GlycolysisInHepatocyte"));
        assertTrue(linkToDefined, "link to the defined class equivalent to the nested filler");
    }

    @Test
    void threeStepChainIsBinarisedWithoutLeakingHelperRoles() throws Exception {
        Session s =
                Ofn.load(
                        tmp,
                        "chain3",
                        "Declaration(ObjectProperty(:r1))",
                        "Declaration(ObjectProperty(:r2))",
                        "Declaration(ObjectProperty(:r3))",
                        "Declaration(ObjectProperty(:t))",
                        "Declaration(ObjectProperty(:s1))",
                        "SubObjectPropertyOf(ObjectPropertyChain(:r1 :r2 :r3) :t)",
                        "SubObjectPropertyOf(:s1 :r1)",
                        "SubClassOf(:A ObjectSomeValuesFrom(:s1 :B))",
                        "SubClassOf(:B ObjectSomeValuesFrom(:r2 :C))",
                        "SubClassOf(:C ObjectSomeValuesFrom(:r3 :D))",
                        "SubClassOf(:D :E)",
                        "SubClassOf(:X ObjectSomeValuesFrom(:r1 :C))");
        Dump d = Fixtures.extract(s, tmp);
        assertTrue(d.entailed(iri("A"), iri("t"), iri("D")));
        assertTrue(d.entailed(iri("A"), iri("t"), iri("E")));
        assertFalse(d.entailed(iri("X"), iri("t"), iri("D")), "r1 then r3 skips r2");
        assertFalse(d.entailed(iri("B"), iri("t"), iri("D")), "the chain needs all three steps");
        for (String[] l : d.linkList) {
            assertTrue(
                    d.properties.containsKey(l[1]),
                    "link over a helper role: " + String.join(" ", l));
        }
        assertTrue(d.properties.get(iri("t")).getAsJsonArray("chains").size() == 1);
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    @Test
    void transitivityAndChainsThroughAnonymousFillers() throws Exception {
        Session s =
                Ofn.load(
                        tmp,
                        "trans",
                        "Declaration(ObjectProperty(:partOf))",
                        "Declaration(ObjectProperty(:locatedIn))",
                        "TransitiveObjectProperty(:partOf)",
                        "SubObjectPropertyOf(ObjectPropertyChain(:locatedIn :partOf) :locatedIn)",
                        "SubClassOf(:A ObjectSomeValuesFrom(:partOf ObjectIntersectionOf(:B ObjectSomeValuesFrom(:partOf :C))))",
                        "SubClassOf(:C ObjectSomeValuesFrom(:partOf :D))",
                        "SubClassOf(:L ObjectSomeValuesFrom(:locatedIn :A))",
                        "SubClassOf(:M ObjectSomeValuesFrom(:partOf :L))");
        Dump d = Fixtures.extract(s, tmp);
        assertTrue(d.entailed(iri("A"), iri("partOf"), iri("D")));
        assertTrue(d.entailed(iri("L"), iri("locatedIn"), iri("D")));
        assertFalse(
                d.entailed(iri("M"), iri("locatedIn"), iri("A")),
                "partOf∘locatedIn is not declared");
        assertEquals(1, d.fillers.size(), "one fresh filler for B ⊓ ∃partOf.C");
        JsonObject f = d.fillers.values().iterator().next();
        assertEquals(List.of(iri("B")), Fixtures.strings(f.get("parents")));
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
}
