package oarag.bridge.query;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;

/**
 * {@code toldParents {}}: the named classes each named class is stated to be under, read off the
 * axioms as written (imports included), for the asserted hierarchy. Edges {@code [child, parent,
 * kind]} as indexes into {@code iris}: kind 0, a named conjunct of the superclass of {@code
 * SubClassOf(A, C)}; kind 1, a named conjunct of a complex operand of {@code EquivalentClasses(A,
 * C)}; kind 2, a named operand of {@code EquivalentClasses(A, B)}. owl:Thing and owl:Nothing are
 * left out, as is an edge from a class to itself.
 */
public final class ToldParents {
    private ToldParents() {}

    public static JsonObject run(Session s) {
        Map<OWLClass, Integer> index = new HashMap<>();
        List<OWLClass> classes = new ArrayList<>();
        JsonArray edges = new JsonArray();
        Set<String> seen = new HashSet<>();
        for (OWLOntology o : s.closure) {
            o.axioms(AxiomType.SUBCLASS_OF)
                    .forEach(
                            (OWLSubClassOfAxiom ax) -> {
                                if (!ax.getSubClass().isAnonymous()) {
                                    OWLClass a = ax.getSubClass().asOWLClass();
                                    for (OWLClass b :
                                            ClassAxioms.namedConjuncts(ax.getSuperClass())) {
                                        edge(a, b, 0, index, classes, edges, seen);
                                    }
                                }
                            });
            o.axioms(AxiomType.EQUIVALENT_CLASSES)
                    .forEach(
                            (OWLEquivalentClassesAxiom ax) -> {
                                List<OWLClassExpression> ops = ax.getOperandsAsList();
                                for (OWLClassExpression x : ops) {
                                    if (x.isAnonymous()) {
                                        continue;
                                    }
                                    for (OWLClassExpression y : ops) {
                                        if (y == x) {
                                            continue;
                                        }
                                        if (!y.isAnonymous()) {
                                            edge(
                                                    x.asOWLClass(),
                                                    y.asOWLClass(),
                                                    2,
                                                    index,
                                                    classes,
                                                    edges,
                                                    seen);
                                        } else {
                                            for (OWLClass b : ClassAxioms.namedConjuncts(y)) {
                                                edge(
                                                        x.asOWLClass(),
                                                        b,
                                                        1,
                                                        index,
                                                        classes,
                                                        edges,
                                                        seen);
                                            }
                                        }
                                    }
                                }
                            });
        }
        JsonArray iris = new JsonArray();
        for (OWLClass c : classes) {
            iris.add(c.getIRI().toString());
        }
        JsonObject out = new JsonObject();
        out.add("iris", iris);
        out.add("edges", edges);
        return out;
    }

    private static void edge(
            OWLClass a,
            OWLClass b,
            int kind,
            Map<OWLClass, Integer> index,
            List<OWLClass> classes,
            JsonArray edges,
            Set<String> seen) {
        if (a.equals(b)
                || a.isOWLThing()
                || a.isOWLNothing()
                || b.isOWLThing()
                || b.isOWLNothing()) {
            return;
        }
        int i = indexOf(a, index, classes);
        int j = indexOf(b, index, classes);
        if (!seen.add(i + " " + j + " " + kind)) {
            return;
        }
        edges.add(i);
        edges.add(j);
        edges.add(kind);
    }

    private static int indexOf(OWLClass c, Map<OWLClass, Integer> index, List<OWLClass> classes) {
        Integer i = index.get(c);
        if (i == null) {
            index.put(c, i = classes.size());
            classes.add(c);
        }
        return i;
    }
}
