package oarag.bridge.revise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.load.Loader;
import oarag.bridge.load.Sniffer;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.ElkOracle;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * Test 2 revision: reviseStrip plans, reviseWrite writes the revised and the check ontology, the
 * session is kept.
 */
class ReviseTest {
    @TempDir Path tmp;

    private static final String AN = "http://example.org/el/anatomy#";
    private static final String DEF = "http://purl.obolibrary.org/obo/IAO_0000115";

    private static JsonObject writeRequest(File out, File check, String iri, String text) {
        JsonObject req = new JsonObject();
        req.addProperty("out", out.getPath());
        req.addProperty("checkOut", check.getPath());
        JsonArray defs = new JsonArray();
        JsonObject d = new JsonObject();
        d.addProperty("iri", iri);
        d.addProperty("text", text);
        defs.add(d);
        req.add("definitions", defs);
        return req;
    }

    /** (class, property, filler IRI) of every removed restriction with a named filler. */
    private static List<String[]> removedNamed(JsonObject plan) {
        List<String[]> out = new ArrayList<>();
        for (JsonElement c : plan.getAsJsonArray("classes")) {
            String a = c.getAsJsonObject().get("iri").getAsString();
            for (JsonElement r : c.getAsJsonObject().getAsJsonArray("removed")) {
                JsonObject ro = r.getAsJsonObject();
                assertEquals("some", ro.get("t").getAsString());
                JsonObject f = ro.getAsJsonObject("f");
                if (f.get("t").getAsString().equals("class")) {
                    out.add(
                            new String[] {
                                a, ro.get("r").getAsString(), f.get("iri").getAsString()
                            });
                }
            }
        }
        return out;
    }

    @Test
    void stripPlansEveryToldExistentialAndChangesNothing() throws Exception {
        Session s = Fixtures.load("anatomy.ofn");
        int axioms = s.axiomCount();
        JsonObject plan = Reviser.strip(s, new JsonObject(), Progress.NONE);
        assertEquals(axioms, s.axiomCount(), "strip only plans");
        List<String[]> removed = removedNamed(plan);
        assertTrue(
                removed.stream()
                        .anyMatch(
                                t ->
                                        t[0].equals(AN + "Heart")
                                                && t[1].equals(AN + "partOf")
                                                && t[2].equals(AN + "CardiovascularSystem")),
                "Heart ⊑ ∃partOf.CardiovascularSystem is planned");
        int restrictions = 0;
        for (JsonElement c : plan.getAsJsonArray("classes")) {
            restrictions += c.getAsJsonObject().getAsJsonArray("removed").size();
        }
        assertEquals(restrictions, plan.get("restrictionsRemoved").getAsInt());
        assertTrue(
                plan.get("axiomsRemoved").getAsInt() + plan.get("axiomsRewritten").getAsInt() > 0);
        assertEquals("Functional", plan.get("format").getAsString());
    }

    @Test
    void writeRevisesSavesTheCheckOntologyAndRestoresTheSession() throws Exception {
        Session s = Fixtures.load("anatomy.ofn");
        Dump before = Fixtures.extract(s, tmp.resolve("before"));
        int axioms = s.axiomCount();
        JsonObject plan = Reviser.strip(s, new JsonObject(), Progress.NONE);
        List<String[]> removed = removedNamed(plan);
        File out = tmp.resolve("revised.ofn").toFile();
        File check = tmp.resolve("check.ofn").toFile();
        JsonObject res =
                Reviser.write(
                        s,
                        writeRequest(
                                out,
                                check,
                                AN + "Heart",
                                "It is part of the cardiovascular system."),
                        Progress.NONE);
        assertEquals(
                1,
                res.get("definitionsExtended").getAsInt() + res.get("definitionsAdded").getAsInt());
        assertEquals(plan.get("axiomsRemoved").getAsInt(), res.get("axiomsRemoved").getAsInt());

        Session revised = Loader.load(out, (java.io.File) null, Progress.NONE);
        assertEquals("Functional", revised.format.label);
        assertEquals(s.classCount(), revised.classCount(), "the signature is kept");
        for (String[] t : removed) {
            assertFalse(
                    revised.root.containsAxiom(Fixtures.goal(revised, t[0], t[1], t[2])),
                    "still told: " + String.join(" ", t));
        }
        Set<String> defs = new TreeSet<>();
        revised.root
                .annotationAssertionAxioms(IRI.create(AN + "Heart"))
                .filter(a -> a.getProperty().getIRI().toString().equals(DEF))
                .forEach(a -> defs.add(a.getValue().asLiteral().get().getLiteral()));
        assertTrue(
                defs.stream()
                        .anyMatch(d -> d.endsWith(" It is part of the cardiovascular system.")),
                defs.toString());

        // check (a): the check ontology entails every removed restriction again
        Session checked = Loader.load(check, (java.io.File) null, Progress.NONE);
        List<OWLAxiom> goals = new ArrayList<>();
        for (String[] t : removed) {
            goals.add(Fixtures.goal(checked, t[0], t[1], t[2]));
        }
        boolean[] ok = ElkOracle.entailed(checked, goals);
        for (int i = 0; i < ok.length; i++) {
            assertTrue(ok[i], "check ontology misses " + String.join(" ", removed.get(i)));
        }
        assertTrue(checked.root.axioms(AxiomType.SUBCLASS_OF).count() > 0);

        // the session sees the original ontology again
        assertEquals(axioms, s.axiomCount());
        Dump after = Fixtures.extract(s, tmp.resolve("after"));
        assertEquals(before.linkList.size(), after.linkList.size());
        assertEquals(new TreeSet<>(linkStrings(before)), new TreeSet<>(linkStrings(after)));
    }

    @Test
    void writeWithoutStripIsABadRequest() throws Exception {
        Session s = Fixtures.load("regulation.ofn");
        BridgeException e =
                assertThrows(
                        BridgeException.class,
                        () ->
                                Reviser.write(
                                        s,
                                        writeRequest(
                                                tmp.resolve("o.ofn").toFile(),
                                                tmp.resolve("c.ofn").toFile(),
                                                "x",
                                                "y"),
                                        Progress.NONE));
        assertEquals("BAD_REQUEST", e.code);
    }

    @Test
    void oboStaysObo() throws Exception {
        Session s = Fixtures.load("mini.obo");
        Reviser.strip(s, new JsonObject(), Progress.NONE);
        File out = tmp.resolve("mini-revised.obo").toFile();
        JsonObject res =
                Reviser.write(
                        s,
                        writeRequest(
                                out,
                                tmp.resolve("mini-check.ofn").toFile(),
                                "http://purl.obolibrary.org/obo/XX_0000001",
                                "Added."),
                        Progress.NONE);
        assertEquals("OBO", res.get("format").getAsString());
        assertEquals("OBO", Sniffer.detect(out).label);
    }

    private static List<String> linkStrings(Dump d) {
        List<String> out = new ArrayList<>();
        for (String[] l : d.linkList) {
            if (!l[2].startsWith(
                    "urn:")) { // filler numbers follow OWL API's axiom order, which a revision may
                // change
                out.add(String.join(" ", l));
            }
        }
        return out;
    }
}
