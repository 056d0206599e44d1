package oarag.bridge.load;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLObject;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLOntology;

/**
 * Uses of constructs outside OWL 2 EL (class expressions and axiom types only: OBO files use
 * undeclared annotation properties, which are no EL construct), for the load's non-el warning.
 */
public final class NonElCounter {
    private NonElCounter() {}

    /**
     * The counts of every construct outside EL in the closure; {@code classes} gets the named
     * classes of the axioms ELK reads only in part (see {@link #count(OWLAxiom, int, Map, Map)}).
     */
    static Map<String, Integer> countNonEl(
            List<OWLOntology> closure, Map<String, Integer> classes) {
        Map<String, Integer> counts = new HashMap<>();
        for (OWLOntology o : closure) {
            o.logicalAxioms().forEach((OWLLogicalAxiom ax) -> count(ax, 1, counts, classes));
        }
        return sorted(counts);
    }

    public static void count(OWLAxiom ax, int sign, Map<String, Integer> counts) {
        count(ax, sign, counts, null);
    }

    /**
     * Adds sign (1 or -1) times the uses in one axiom to counts, so a reload can adjust the load's
     * figures.
     */
    /**
     * Also adds sign times one to {@code classes} (when given) for each named class of an axiom
     * that uses a class construct outside EL (a union, a universal, a complement, a cardinality,
     * ...) or is a disjoint union, a key or a rule: entailments about those classes may rest on
     * what ELK does not read. Property axioms (inverses, symmetry, functionality) are not counted
     * there: they name no class.
     */
    public static void count(
            OWLAxiom ax, int sign, Map<String, Integer> counts, Map<String, Integer> classes) {
        if (!ax.isLogicalAxiom()) {
            return;
        }
        Map<String, Integer> one = sign == 1 ? counts : new HashMap<>();
        AxiomType<?> type = ax.getAxiomType();
        String at = axiomName(type);
        if (at != null) {
            one.merge(at, 1, Integer::sum);
        }
        boolean classLevel = walk(ax, one);
        if (one != counts) {
            one.forEach((k, v) -> counts.merge(k, -v, Integer::sum));
        }
        if (classes != null
                && (classLevel
                        || type == AxiomType.DISJOINT_UNION
                        || type == AxiomType.HAS_KEY
                        || type == AxiomType.SWRL_RULE)) {
            ax.classesInSignature()
                    .forEach(
                            c -> {
                                if (!c.isOWLThing() && !c.isOWLNothing()) {
                                    classes.merge(c.getIRI().toString(), sign, Integer::sum);
                                }
                            });
        }
    }

    /** The classes with a positive count, sorted. */
    public static List<String> present(Map<String, Integer> classes) {
        List<String> out = new ArrayList<>();
        classes.forEach(
                (k, v) -> {
                    if (v > 0) {
                        out.add(k);
                    }
                });
        out.sort(null);
        return out;
    }

    /** Most frequent first; constructs no longer used are left out. */
    public static Map<String, Integer> sorted(Map<String, Integer> counts) {
        List<Map.Entry<String, Integer>> es = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > 0) {
                es.add(e);
            }
        }
        es.sort(
                (a, b) ->
                        b.getValue() != a.getValue().intValue()
                                ? b.getValue() - a.getValue()
                                : a.getKey().compareTo(b.getKey()));
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : es) {
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    private static String axiomName(AxiomType<?> t) {
        if (t == AxiomType.INVERSE_OBJECT_PROPERTIES
                || t == AxiomType.FUNCTIONAL_OBJECT_PROPERTY
                || t == AxiomType.INVERSE_FUNCTIONAL_OBJECT_PROPERTY
                || t == AxiomType.SYMMETRIC_OBJECT_PROPERTY
                || t == AxiomType.ASYMMETRIC_OBJECT_PROPERTY
                || t == AxiomType.IRREFLEXIVE_OBJECT_PROPERTY
                || t == AxiomType.DISJOINT_OBJECT_PROPERTIES
                || t == AxiomType.DISJOINT_UNION
                || t == AxiomType.HAS_KEY
                || t == AxiomType.SWRL_RULE
                || t == AxiomType.FUNCTIONAL_DATA_PROPERTY
                || t == AxiomType.DISJOINT_DATA_PROPERTIES
                || t == AxiomType.NEGATIVE_OBJECT_PROPERTY_ASSERTION
                || t == AxiomType.NEGATIVE_DATA_PROPERTY_ASSERTION
                || t == AxiomType.DIFFERENT_INDIVIDUALS
                || t == AxiomType.DATATYPE_DEFINITION) {
            if (t == AxiomType.SWRL_RULE) {
                return "SWRLRule";
            }
            if (t == AxiomType.IRREFLEXIVE_OBJECT_PROPERTY) {
                return "IrreflexiveObjectProperty"; // OWL API's own name is misspelt
            }
            return t.getName();
        }
        return null;
    }

    /** Counts the constructs outside EL under o; whether any of them is a class expression. */
    private static boolean walk(Object o, Map<String, Integer> counts) {
        if (o instanceof Collection) {
            boolean any = false;
            for (Object x : (Collection<?>) o) {
                any |= walk(x, counts);
            }
            return any;
        }
        if (!(o instanceof OWLObject)
                || o instanceof OWLEntity
                || o instanceof IRI
                || o instanceof OWLLiteral) {
            return false;
        }
        String name = null;
        if (o instanceof org.semanticweb.owlapi.model.OWLObjectUnionOf) {
            name = "ObjectUnionOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectAllValuesFrom) {
            name = "ObjectAllValuesFrom";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectComplementOf) {
            name = "ObjectComplementOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectMinCardinality) {
            name = "ObjectMinCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectMaxCardinality) {
            name = "ObjectMaxCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectExactCardinality) {
            name = "ObjectExactCardinality";
        } else if (o instanceof OWLObjectOneOf
                && ((OWLObjectOneOf) o).getOperandsAsList().size() > 1) {
            name = "ObjectOneOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectInverseOf) {
            name = "ObjectInverseOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataAllValuesFrom) {
            name = "DataAllValuesFrom";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataMinCardinality) {
            name = "DataMinCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataMaxCardinality) {
            name = "DataMaxCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataExactCardinality) {
            name = "DataExactCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataUnionOf) {
            name = "DataUnionOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataComplementOf) {
            name = "DataComplementOf";
        }
        if (name != null) {
            counts.merge(name, 1, Integer::sum);
        }
        boolean[] any = {name != null && !name.equals("ObjectInverseOf")};
        ((OWLObject) o).components().forEach(c -> any[0] |= walk(c, counts));
        return any[0];
    }
}
