package oarag.bridge.closure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import oarag.bridge.model.Session;
import oarag.bridge.model.Warning;
import oarag.bridge.prepare.Attachments;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.ElkOracle;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.semanticweb.elk.owlapi.ElkReasoner;

/**
 * Every EL fixture's hand-derived closure (test/fixtures/el/*.expected.json) against the bridge's
 * dump.
 */
class ClosureTest {
    @TempDir Path tmp;

    static Stream<Arguments> fixtures() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (String[] f : Fixtures.withClosure()) {
            out.add(Arguments.of(f[0], f[1]));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("fixtures")
    void loadReportsTheExpectedSignature(String base, String file) throws Exception {
        JsonObject exp = Fixtures.expected(base);
        Session s = Fixtures.load(file);
        assertEquals(exp.get("format").getAsString(), s.format.label);
        assertEquals(
                exp.get("ontologyIri").getAsString(),
                s.root.getOntologyID().getOntologyIRI().get().toString());
        assertEquals(exp.get("classes").getAsInt(), s.classCount());
        assertEquals(exp.get("objectProperties").getAsInt(), s.objectPropertyCount());
        Set<String> codes = new TreeSet<>();
        for (Warning w : s.warnings) {
            codes.add(w.code);
        }
        assertEquals(
                exp.get("nonElWarning").getAsBoolean(),
                codes.contains("non-el"),
                "non-el warning " + codes);
        if (exp.has("warnings")) {
            assertEquals(new TreeSet<>(Fixtures.strings(exp.get("warnings"))), codes);
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("fixtures")
    void hierarchyIsTheExpectedOne(String base, String file) throws Exception {
        JsonObject exp = Fixtures.expected(base);
        Dump d = Fixtures.extract(Fixtures.load(file), tmp);
        assertEquals(
                new TreeSet<>(Fixtures.strings(exp.get("unsatisfiable"))),
                new TreeSet<>(d.unsat),
                "unsatisfiable");
        assertEquals(
                exp.get("unsatisfiable").getAsJsonArray().size(),
                d.result.get("unsatisfiable").getAsInt());
        for (String c : exp.getAsJsonObject("parents").keySet()) {
            List<String> got = d.hierParents(c);
            assertNotNull(got, "no hier record for " + c);
            assertEquals(
                    new TreeSet<>(Fixtures.strings(exp.getAsJsonObject("parents").get(c))),
                    new TreeSet<>(got),
                    "parents of " + c);
        }
        // every satisfiable class has a hier record, every unsatisfiable one an unsat record,
        // nothing else
        assertEquals(exp.get("classes").getAsInt(), d.hier.size() + d.unsat.size());
        Set<String> equivalent = new HashSet<>();
        for (JsonElement e : exp.getAsJsonArray("equivalents")) {
            JsonArray pair = e.getAsJsonArray();
            String a = pair.get(0).getAsString();
            String b = pair.get(1).getAsString();
            assertTrue(
                    Fixtures.strings(d.hier.get(a).get("equivalents")).contains(b), a + " ≡ " + b);
            assertTrue(
                    Fixtures.strings(d.hier.get(b).get("equivalents")).contains(a), b + " ≡ " + a);
            equivalent.add(a);
            equivalent.add(b);
        }
        for (JsonObject h : d.hier.values()) {
            if (!equivalent.contains(h.get("c").getAsString())) {
                assertEquals(
                        0,
                        h.getAsJsonArray("equivalents").size(),
                        "unexpected equivalents of " + h.get("c"));
            }
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("fixtures")
    void linksGiveExactlyTheExpectedVerdicts(String base, String file) throws Exception {
        JsonObject exp = Fixtures.expected(base);
        Dump d = Fixtures.extract(Fixtures.load(file), tmp);
        for (String[] t : Fixtures.triples(exp.getAsJsonArray("entailed"))) {
            assertTrue(d.entailed(t[0], t[1], t[2]), "entailed " + String.join(" ", t));
        }
        for (String[] t : Fixtures.triples(exp.getAsJsonArray("notEntailed"))) {
            assertFalse(d.entailed(t[0], t[1], t[2]), "not entailed " + String.join(" ", t));
        }
        assertEquals(d.linkList.size(), d.result.get("links").getAsInt());
    }

    /** Every link is an entailment ELK itself confirms, so the closure never says more than ELK. */
    @ParameterizedTest(name = "{1}")
    @MethodSource("fixtures")
    void everyNamedLinkIsEntailedByElk(String base, String file) throws Exception {
        Session s = Fixtures.load(file);
        Dump d = Fixtures.extract(s, tmp);
        ElkReasoner r = s.reasoner(null);
        int checked = 0;
        for (String[] l : d.linkList) {
            if (l[2].startsWith(Attachments.FILLER_NS) || d.unsat.contains(l[0])) {
                continue;
            }
            assertTrue(
                    r.isEntailed(Fixtures.goal(s, l[0], l[1], l[2])),
                    "ELK does not entail link " + String.join(" ", l));
            checked++;
        }
        assertTrue(checked > 0 || d.linkList.isEmpty());
    }

    /**
     * Exhaustive: every A ⊑ B and A ⊑ ∃r.B over the fixture's signature, the dump's answer is ELK's
     * answer.
     */
    @ParameterizedTest(name = "{1}")
    @MethodSource("fixtures")
    void closureAgreesWithElkOnEveryTriple(String base, String file) throws Exception {
        Session s = Fixtures.load(file);
        Dump d = Fixtures.extract(s, tmp);
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
        assertTrue(n[0] > 100, "compared only " + n[0]);
    }
}
