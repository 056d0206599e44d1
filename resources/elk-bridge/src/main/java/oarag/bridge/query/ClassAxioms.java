package oarag.bridge.query;

import static oarag.bridge.common.Requests.str;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import oarag.bridge.common.BridgeException;
import oarag.bridge.load.NonElCounter;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassAssertionAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDisjointUnionAxiom;
import org.semanticweb.owlapi.model.OWLHasKeyAxiom;
import org.semanticweb.owlapi.model.OWLNaryClassAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;
import org.semanticweb.owlapi.model.parameters.Imports;

/**
 * {@code classAxioms {"iri"}}: every logical axiom of the loaded ontology (imports included) that
 * mentions the class, as stated, with its class-expression operands, and whether it lies outside
 * OWL 2 EL or is skipped by ELK. Which axioms are the class's own and which are usages elsewhere is
 * decided in TypeScript.
 */
public final class ClassAxioms {
    private ClassAxioms() {}

    /**
     * Axioms sent at most; a class used everywhere (a top-level class of a large ontology) says how
     * many more.
     */
    static final int MAX_AXIOMS = 2000;

    public static JsonObject run(Session s, JsonObject req) throws BridgeException {
        IRI iri = IRI.create(str(req, "iri", true));
        OWLClass c = s.df.getOWLClass(iri);
        JsonObject o = new JsonObject();
        o.addProperty("found", s.root.containsClassInSignature(iri, Imports.INCLUDED));
        Map<OWLAxiom, Boolean> imported = new HashMap<>();
        for (OWLOntology ont : s.closure) {
            boolean fromImport =
                    !ont.equals(s.root); // closure members may be other objects than root
            ont.referencingAxioms(c)
                    .filter(OWLAxiom::isLogicalAxiom)
                    .forEach(ax -> imported.merge(ax, fromImport, (a, b) -> a && b));
        }
        List<OWLAxiom> axioms = new ArrayList<>(imported.keySet());
        // A stable order whatever order the axioms were parsed in: by type, then by their text.
        Map<OWLAxiom, String> functional = new HashMap<>();
        for (OWLAxiom ax : axioms) {
            functional.put(ax, Render.functional(ax));
        }
        axioms.sort(
                (a, b) ->
                        a.getAxiomType() != b.getAxiomType()
                                ? a.getAxiomType().getName().compareTo(b.getAxiomType().getName())
                                : functional.get(a).compareTo(functional.get(b)));
        JsonArray out = new JsonArray();
        for (OWLAxiom ax : axioms.subList(0, Math.min(MAX_AXIOMS, axioms.size()))) {
            out.add(axiom(ax, functional.get(ax), imported.get(ax)));
        }
        o.add("axioms", out);
        o.addProperty("total", axioms.size());
        return o;
    }

    static JsonObject axiom(OWLAxiom ax, String functional, boolean imported) {
        JsonObject a = new JsonObject();
        a.addProperty("type", ax.getAxiomType().getName());
        a.addProperty("manchester", ManchesterText.of(ax));
        a.addProperty("functional", functional);
        a.add("entities", ManchesterText.entities(ax));
        JsonArray ops = new JsonArray();
        for (OWLClassExpression ce : operands(ax)) {
            ops.add(operand(ce));
        }
        a.add("operands", ops);
        Map<String, Integer> nonEl = new HashMap<>();
        NonElCounter.count(ax, 1, nonEl);
        JsonArray ne = new JsonArray();
        NonElCounter.sorted(nonEl).keySet().forEach(ne::add);
        a.add("nonEl", ne);
        a.addProperty("elkIgnores", ElSyntax.elkIgnores(ax));
        a.addProperty("imported", imported);
        return a;
    }

    /**
     * The class expressions an axiom relates, in its own order: SubClassOf (sub, super);
     * EquivalentClasses and DisjointClasses (their operands); DisjointUnion (the class, then its
     * parts); ClassAssertion and HasKey (the class).
     */
    static List<OWLClassExpression> operands(OWLAxiom ax) {
        if (ax instanceof OWLSubClassOfAxiom) {
            OWLSubClassOfAxiom x = (OWLSubClassOfAxiom) ax;
            return List.of(x.getSubClass(), x.getSuperClass());
        }
        if (ax instanceof OWLDisjointUnionAxiom) {
            OWLDisjointUnionAxiom x = (OWLDisjointUnionAxiom) ax;
            List<OWLClassExpression> l = new ArrayList<>();
            l.add(x.getOWLClass());
            l.addAll(x.getOperandsAsList());
            return l;
        }
        if (ax instanceof OWLNaryClassAxiom) {
            return ((OWLNaryClassAxiom) ax).getOperandsAsList();
        }
        if (ax instanceof OWLClassAssertionAxiom) {
            return List.of(((OWLClassAssertionAxiom) ax).getClassExpression());
        }
        if (ax instanceof OWLHasKeyAxiom) {
            return List.of(((OWLHasKeyAxiom) ax).getClassExpression());
        }
        return Collections.emptyList();
    }

    /**
     * {"iri": its IRI when named, else null; "manchester"; "named": the named top-level conjuncts}.
     */
    private static JsonObject operand(OWLClassExpression ce) {
        JsonObject o = new JsonObject();
        o.addProperty("iri", ce.isAnonymous() ? null : ce.asOWLClass().getIRI().toString());
        o.addProperty("manchester", ManchesterText.of(ce));
        JsonArray named = new JsonArray();
        for (OWLClass n : namedConjuncts(ce)) {
            named.add(n.getIRI().toString());
        }
        o.add("named", named);
        return o;
    }

    /**
     * The named classes among the top-level conjuncts of an expression (nested intersections
     * flattened).
     */
    static Set<OWLClass> namedConjuncts(OWLClassExpression ce) {
        Set<OWLClassExpression> parts = new LinkedHashSet<>();
        ElSyntax.addConjunctsOrdered(ce, parts);
        Set<OWLClass> out = new LinkedHashSet<>();
        for (OWLClassExpression p : parts) {
            if (!p.isAnonymous()) {
                out.add(p.asOWLClass());
            }
        }
        return out;
    }
}
