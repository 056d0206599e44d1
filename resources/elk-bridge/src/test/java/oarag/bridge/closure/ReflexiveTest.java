package oarag.bridge.closure;

import static oarag.bridge.testing.Ofn.iri;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Dump;
import oarag.bridge.testing.ElkOracle;
import oarag.bridge.testing.Fixtures;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reflexive properties (told, inherited, through chains) and ObjectHasSelf. */
class ReflexiveTest {
    @TempDir Path tmp;

    private static final String RX = "http://example.org/el/reflexive#";

    @Test
    void reflexivityIsReportedTheWayItIsDerived() throws Exception {
        Dump d = Fixtures.extract(Fixtures.load("reflexive.ofn"), tmp);
        assertTrue(d.reflexive(RX + "partOf"), "told");
        assertTrue(d.reflexive(RX + "overlaps"), "inherited from the reflexive sub-property");
        assertFalse(d.reflexive(RX + "adjacentTo"));
        // the GCI ∃partOf.Heart ⊑ CardiacStructure fires on the heart's own reflexive edge
        assertTrue(d.hierParents(RX + "Heart").contains(RX + "HeartPart"));
        assertTrue(d.entailed(RX + "Heart", RX + "partOf", RX + "CardiacStructure"));
        assertFalse(d.entailed(RX + "Heart", RX + "adjacentTo", RX + "Heart"));
    }

    @Test
    void chainOfReflexivePropertiesIsReflexiveAndAReflexiveMemberLetsTheOtherImplyTheSuper()
            throws Exception {
        Session s =
                Ofn.load(
                        tmp,
                        "refl",
                        "Declaration(ObjectProperty(:p))",
                        "Declaration(ObjectProperty(:q))",
                        "Declaration(ObjectProperty(:t))",
                        "Declaration(ObjectProperty(:u))",
                        "Declaration(ObjectProperty(:v))",
                        "ReflexiveObjectProperty(:p)",
                        "ReflexiveObjectProperty(:q)",
                        "SubObjectPropertyOf(ObjectPropertyChain(:p :q) :t)",
                        "SubObjectPropertyOf(ObjectPropertyChain(:u :q) :v)",
                        "SubClassOf(:A ObjectSomeValuesFrom(:u :B))",
                        "SubClassOf(:B :C)",
                        "EquivalentClasses(:D ObjectSomeValuesFrom(:v :C))");
        Dump d = Fixtures.extract(s, tmp);
        assertTrue(d.reflexive(iri("t")), "a chain of reflexive properties");
        assertFalse(d.reflexive(iri("v")));
        assertTrue(
                d.entailed(iri("A"), iri("v"), iri("B")), "u∘q ⊑ v with q reflexive gives u ⊑ v");
        assertTrue(d.hierParents(iri("A")).contains(iri("D")), "and the defined class fires on it");
        assertTrue(d.entailed(iri("C"), iri("t"), iri("C")));
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    @Test
    void hasSelfGivesALinkToTheClassItself() throws Exception {
        Session s =
                Ofn.load(
                        tmp,
                        "self",
                        "Declaration(ObjectProperty(:r))",
                        "Declaration(ObjectProperty(:s))",
                        "TransitiveObjectProperty(:r)",
                        "SubClassOf(:A ObjectHasSelf(:r))",
                        "SubClassOf(:A ObjectSomeValuesFrom(:r :B))",
                        "SubClassOf(:A2 :A)",
                        "EquivalentClasses(:SelfR ObjectSomeValuesFrom(:r :A))");
        Dump d = Fixtures.extract(s, tmp);
        assertTrue(d.entailed(iri("A"), iri("r"), iri("A")));
        // A's own self-edge is inherited from SelfR ≡ ∃r.A; A2's self-edge reaches A2, which no
        // superclass has
        assertTrue(
                d.linkList.stream()
                        .anyMatch(
                                l ->
                                        l[0].equals(iri("A2"))
                                                && l[1].equals(iri("r"))
                                                && l[2].equals(iri("A2"))));
        assertTrue(
                d.entailed(iri("SelfR"), iri("r"), iri("B")),
                "∃r.A with A ⊑ ∃r.B and r transitive");
        assertTrue(d.hierParents(iri("A")).contains(iri("SelfR")));
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    @Test
    void reflexiveChainMemberActsInsideAnonymousFillers() throws Exception {
        // N = F ⊓ ∃u.B is a filler: its u-edge gives a v-edge (u∘q ⊑ v, q reflexive), which p∘v ⊑ w
        // lifts to A
        Session s =
                Ofn.load(
                        tmp,
                        "reflfiller",
                        "Declaration(ObjectProperty(:p))",
                        "Declaration(ObjectProperty(:q))",
                        "Declaration(ObjectProperty(:u))",
                        "Declaration(ObjectProperty(:v))",
                        "Declaration(ObjectProperty(:w))",
                        "ReflexiveObjectProperty(:q)",
                        "SubObjectPropertyOf(ObjectPropertyChain(:u :q) :v)",
                        "SubObjectPropertyOf(ObjectPropertyChain(:p :v) :w)",
                        "SubClassOf(:A ObjectSomeValuesFrom(:p ObjectIntersectionOf(:F ObjectSomeValuesFrom(:u :B))))");
        Dump d = Fixtures.extract(s, tmp);
        assertTrue(d.entailed(iri("A"), iri("w"), iri("B")));
        assertFalse(d.entailed(iri("A"), iri("v"), iri("B")));
        int[] n = new int[1];
        List<String> bad = ElkOracle.disagreements(s, d, n);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
}
