package oarag.bridge.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.elk.owlapi.ElkReasonerFactory;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.reasoner.OWLReasoner;

/**
 * Justifications: real axioms of the ontology, enough for the entailment, and none of them
 * superfluous.
 */
class ExplainTest {
    private static final String AN = "http://example.org/el/anatomy#";
    private static final String REG = "http://example.org/el/regulation#";

    /** ELK over exactly these axioms, independent of the bridge's own checks. */
    private static boolean entails(List<OWLAxiom> axioms, OWLAxiom goal) throws Exception {
        OWLOntology o = OWLManager.createOWLOntologyManager().createOntology(new HashSet<>(axioms));
        OWLReasoner r = new ElkReasonerFactory().createReasoner(o);
        try {
            return r.isEntailed(goal);
        } finally {
            r.dispose();
        }
    }

    private static List<OWLAxiom> justifyMinimal(Session s, OWLAxiom goal) throws Exception {
        ElkReasoner r = s.reasoner(null);
        assertTrue(r.isEntailed(goal), "the goal must be entailed: " + goal);
        List<OWLAxiom> just = Explainer.justify(s, r, goal);
        assertNotNull(just, "no justification for " + goal);
        Set<OWLAxiom> logical = new HashSet<>();
        s.closure.forEach(o -> o.logicalAxioms().forEach(logical::add));
        for (OWLAxiom ax : just) {
            assertTrue(logical.contains(ax), "not an axiom of the ontology: " + ax);
        }
        assertTrue(entails(just, goal), "the justification does not entail the goal");
        for (int i = 0; i < just.size(); i++) {
            List<OWLAxiom> fewer = new ArrayList<>(just);
            OWLAxiom dropped = fewer.remove(i);
            assertFalse(entails(fewer, goal), "not minimal: " + dropped + " is not needed");
        }
        return just;
    }

    @Test
    void transitivePathNeedsTheTransitivityAxiom() throws Exception {
        Session s = Fixtures.load("anatomy.ofn");
        List<OWLAxiom> just =
                justifyMinimal(
                        s, Fixtures.goal(s, AN + "HeartLeftVentricle", AN + "partOf", AN + "Body"));
        assertTrue(
                just.stream().anyMatch(a -> a.isOfType(AxiomType.TRANSITIVE_OBJECT_PROPERTY)),
                just.toString());
        assertTrue(just.size() >= 3, just.toString());
    }

    @Test
    void chainEntailmentNeedsTheChainAxiom() throws Exception {
        Session s = Fixtures.load("regulation.ofn");
        List<OWLAxiom> just =
                justifyMinimal(
                        s,
                        Fixtures.goal(
                                s,
                                REG + "RegulationOfGlycolysis",
                                REG + "regulates",
                                REG + "CellularRespiration"));
        assertTrue(
                just.stream().anyMatch(a -> a.isOfType(AxiomType.SUB_PROPERTY_CHAIN_OF)),
                just.toString());
    }

    @Test
    void inferredEquivalenceIsExplainedAsASubsumption() throws Exception {
        Session s = Fixtures.load("regulation.ofn");
        List<OWLAxiom> just =
                justifyMinimal(
                        s, Fixtures.goal(s, REG + "Glycolysis", null, REG + "GlycolysisInCell"));
        assertTrue(
                just.stream().anyMatch(a -> a.isOfType(AxiomType.EQUIVALENT_CLASSES)),
                just.toString());
    }

    @Test
    void renderingUsesLabelsAndFunctionalSyntaxKeepsIris() throws Exception {
        Session s = Fixtures.load("anatomy.ofn");
        List<OWLAxiom> just =
                justifyMinimal(s, Fixtures.goal(s, AN + "Heart", AN + "partOf", AN + "Body"));
        Render render = new Render(s);
        boolean labelled = false;
        for (OWLAxiom ax : just) {
            String text = render.axiom(ax);
            assertFalse(text.contains("http://"), text);
            labelled |= text.contains("heart");
            assertTrue(Render.functional(ax).contains(AN), Render.functional(ax));
        }
        assertTrue(labelled, "no axiom mentions the heart by its label");
    }
}
