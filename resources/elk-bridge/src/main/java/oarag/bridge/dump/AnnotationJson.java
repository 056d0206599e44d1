package oarag.bridge.dump;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import oarag.bridge.common.IntList;
import oarag.bridge.common.Json;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAnnotationAssertionAxiom;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLAnnotationValue;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.vocab.OWL2Datatype;
import org.semanticweb.owlapi.vocab.OWLRDFVocabulary;

/**
 * Annotations as the dump's {@code Ann} objects: {@code {"p", "v", "lang"?, "dt"?, "ref"?, "ann"?}}
 * ({@code dt} only when not xsd:string / rdf:langString, {@code ref} for IRI values, {@code ann}
 * for axiom annotations).
 */
final class AnnotationJson {
    private AnnotationJson() {}

    private static final IRI OWL_DEPRECATED = OWLRDFVocabulary.OWL_DEPRECATED.getIRI();
    private static final Set<IRI> PLAIN_TYPES =
            new HashSet<>(
                    Arrays.asList(
                            OWL2Datatype.XSD_STRING.getIRI(),
                            OWL2Datatype.RDF_LANG_STRING.getIRI(),
                            OWL2Datatype.RDF_PLAIN_LITERAL.getIRI()));

    static void ann(
            StringBuilder sb,
            OWLAnnotationProperty p,
            OWLAnnotationValue v,
            List<OWLAnnotation> nested) {
        sb.append("{\"p\":");
        Json.str(sb, p.getIRI().toString());
        sb.append(",\"v\":");
        if (v instanceof OWLLiteral) {
            OWLLiteral lit = (OWLLiteral) v;
            Json.str(sb, lit.getLiteral());
            if (lit.hasLang()) {
                sb.append(",\"lang\":");
                Json.str(sb, lit.getLang());
            } else if (!PLAIN_TYPES.contains(lit.getDatatype().getIRI())) {
                sb.append(",\"dt\":");
                Json.str(sb, lit.getDatatype().getIRI().toString());
            }
        } else {
            Json.str(sb, v.toString());
            sb.append(",\"ref\":true");
        }
        if (!nested.isEmpty()) {
            sb.append(",\"ann\":[");
            boolean first = true;
            for (OWLAnnotation a : nested) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                ann(sb, a.getProperty(), a.getValue(), a.annotationsAsList());
            }
            sb.append(']');
        }
        sb.append('}');
    }

    /**
     * Appends "annotations":[...] for an entity IRI (over the closure) and returns whether
     * owl:deprecated is true.
     */
    static boolean entityAnnotations(StringBuilder sb, List<OWLOntology> closure, IRI iri) {
        sb.append("\"annotations\":[");
        boolean deprecated = false;
        IntList starts = new IntList(8);
        for (OWLOntology o : closure) {
            for (OWLAnnotationAssertionAxiom ax :
                    (Iterable<OWLAnnotationAssertionAxiom>)
                            o.annotationAssertionAxioms(iri)::iterator) {
                if (starts.size() > 0) {
                    sb.append(',');
                }
                starts.add(sb.length());
                ann(sb, ax.getProperty(), ax.getValue(), ax.annotationsAsList());
                if (ax.getProperty().getIRI().equals(OWL_DEPRECATED)) {
                    OWLLiteral lit = ax.getValue().asLiteral().orElse(null);
                    if (lit != null
                            && ("true".equalsIgnoreCase(lit.getLiteral().trim())
                                    || "1".equals(lit.getLiteral().trim()))) {
                        deprecated = true;
                    }
                }
            }
        }
        inTextOrder(sb, starts);
        sb.append(']');
        return deprecated;
    }

    /**
     * Puts the comma-separated items that start at these offsets (and run to the end of sb) in the
     * order of their text. OWL API lists a subject's annotations in an order that can differ
     * between two parses of almost the same file, and a record must read the same whenever it says
     * the same (a delta compares records by their hash).
     */
    static void inTextOrder(StringBuilder sb, IntList starts) {
        int n = starts.size();
        if (n < 2) {
            return;
        }
        String[] items = new String[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            items[i] = sb.substring(starts.get(i), i + 1 < n ? starts.get(i + 1) - 1 : sb.length());
            sorted &= i == 0 || items[i - 1].compareTo(items[i]) <= 0;
        }
        if (sorted) {
            return;
        }
        Arrays.sort(items);
        sb.setLength(starts.get(0));
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(items[i]);
        }
    }

    /** The annotation properties the session's annotations use (nested ones too), sorted. */
    static Set<OWLAnnotationProperty> usedProperties(Session s) {
        // a hash set while walking every assertion (a sorted set's comparisons cost more than the
        // walk)
        Set<OWLAnnotationProperty> used = new HashSet<>();
        for (OWLAnnotation a : s.root.annotations().collect(Collectors.toList())) {
            collectProps(a, used);
        }
        for (OWLOntology o : s.closure) {
            for (OWLAnnotationAssertionAxiom ax :
                    (Iterable<OWLAnnotationAssertionAxiom>)
                            o.axioms(AxiomType.ANNOTATION_ASSERTION)::iterator) {
                used.add(ax.getProperty());
                for (OWLAnnotation a : ax.annotationsAsList()) {
                    collectProps(a, used);
                }
            }
        }
        return new TreeSet<>(used);
    }

    /** The annotation property of a and of its nested annotations. */
    static void collectProps(OWLAnnotation a, Set<OWLAnnotationProperty> used) {
        used.add(a.getProperty());
        for (OWLAnnotation x : a.annotationsAsList()) {
            collectProps(x, used);
        }
    }
}
