package oarag.bridge.dl;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.List;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDisjointClassesAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.reasoner.InconsistentOntologyException;

/**
 * ELK's half of CONTRADICTED: whether A ⊓ ∃r.B is satisfiable in what ELK reads. ELK skips the
 * axioms it cannot read instead of weakening them, so its "unsatisfiable" holds in the whole
 * ontology.
 */
public final class ElkSatisfiable {
    private ElkSatisfiable() {}

    public static boolean satisfiable(Session s, ElkReasoner r, Statement st) {
        if (!s.isConsistent()) {
            return false;
        }
        try {
            return r.isSatisfiable(st.conjunction());
        } catch (InconsistentOntologyException e) {
            return false;
        }
    }

    /**
     * What TypeScript precomputes from: the pairs of named classes stated disjoint, and whether any
     * other axiom can make something unsatisfiable (owl:Nothing named, or a disjointness of class
     * expressions). With neither, no conjunction of satisfiable classes is unsatisfiable in EL.
     */
    public static JsonObject bottomFacts(List<OWLOntology> closure) {
        JsonArray pairs = new JsonArray();
        boolean[] other = {false};
        for (OWLOntology o : closure) {
            o.axioms(AxiomType.DISJOINT_CLASSES)
                    .forEach(
                            (OWLDisjointClassesAxiom ax) -> {
                                List<OWLClassExpression> ops = ax.getOperandsAsList();
                                for (int i = 0; i < ops.size(); i++) {
                                    for (int j = i + 1; j < ops.size(); j++) {
                                        if (ops.get(i).isNamed() && ops.get(j).isNamed()) {
                                            JsonArray p = new JsonArray();
                                            p.add(ops.get(i).asOWLClass().getIRI().toString());
                                            p.add(ops.get(j).asOWLClass().getIRI().toString());
                                            pairs.add(p);
                                        } else {
                                            other[0] = true;
                                        }
                                    }
                                }
                            });
            if (!other[0]
                    && (o.axioms(AxiomType.DISJOINT_UNION).findAny().isPresent()
                            || o.logicalAxioms()
                                    .anyMatch(
                                            ax ->
                                                    ax.getAxiomType() != AxiomType.DISJOINT_CLASSES
                                                            && ax.classesInSignature()
                                                                    .anyMatch(
                                                                            c ->
                                                                                    c
                                                                                            .isOWLNothing())))) {
                other[0] = true;
            }
        }
        JsonObject out = new JsonObject();
        out.add("disjointPairs", pairs);
        out.addProperty("otherBottom", other[0]);
        return out;
    }
}
