package oarag.bridge.prepare;

import java.util.HashMap;
import java.util.Map;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;
import org.semanticweb.owlapi.model.parameters.Imports;

/**
 * The named classes (owl:Thing and owl:Nothing left out) and named object properties (top and
 * bottom left out) of the imports closure, each sorted by IRI; every later phase refers to them by
 * these indices.
 */
public final class Signature {
    public final OWLClass[] classes;
    public final OWLObjectProperty[] props;
    private final Map<String, Integer> classIdx;
    private final Map<OWLObjectProperty, Integer> propIdx;

    private Signature(OWLClass[] classes, OWLObjectProperty[] props) {
        this.classes = classes;
        this.props = props;
        Map<String, Integer> ci = new HashMap<>();
        for (int i = 0; i < classes.length; i++) {
            ci.put(classes[i].getIRI().toString(), i);
        }
        Map<OWLObjectProperty, Integer> pi = new HashMap<>();
        for (int i = 0; i < props.length; i++) {
            pi.put(props[i], i);
        }
        this.classIdx = ci;
        this.propIdx = pi;
    }

    public static Signature of(Session s) {
        OWLClass[] classes =
                s.root.classesInSignature(Imports.INCLUDED)
                        .filter(c -> !c.isOWLThing() && !c.isOWLNothing())
                        .sorted((a, b) -> a.getIRI().toString().compareTo(b.getIRI().toString()))
                        .toArray(OWLClass[]::new);
        OWLObjectProperty[] props =
                s.root.objectPropertiesInSignature(Imports.INCLUDED)
                        .filter(p -> !p.isOWLTopObjectProperty() && !p.isOWLBottomObjectProperty())
                        .sorted((a, b) -> a.getIRI().toString().compareTo(b.getIRI().toString()))
                        .toArray(OWLObjectProperty[]::new);
        return new Signature(classes, props);
    }

    /** Index of a named class by IRI, or null when it is not in the signature. */
    public Integer classIndex(String iri) {
        return classIdx.get(iri);
    }

    /**
     * Index of a named property, or -1 (inverses, top/bottom, properties outside the signature).
     */
    int prop(OWLObjectPropertyExpression pe) {
        if (pe.isAnonymous()) {
            return -1;
        }
        Integer i = propIdx.get(pe.asOWLObjectProperty());
        return i == null ? -1 : i;
    }
}
