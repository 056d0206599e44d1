package oarag.bridge.model;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLIndividual;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLObject;
import org.semanticweb.owlapi.model.OWLObjectHasSelf;
import org.semanticweb.owlapi.model.OWLObjectHasValue;
import org.semanticweb.owlapi.model.OWLObjectIntersectionOf;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;

/**
 * What ELK reads of an axiom or class expression, mirrored so the closure skips exactly what ELK
 * skips.
 */
public final class ElSyntax {
    private ElSyntax() {}

    /**
     * ELK skips a whole axiom when its indexing meets a construct it does not support (universal
     * restrictions, cardinalities, inverse properties, most data restrictions, anonymous
     * individuals); mirror that.
     */
    public static boolean elkIgnores(OWLAxiom ax) {
        return unsupported(ax.getAxiomWithoutAnnotations());
    }

    private static boolean unsupported(Object o) {
        if (o instanceof Collection) {
            for (Object x : (Collection<?>) o) {
                if (unsupported(x)) {
                    return true;
                }
            }
            return false;
        }
        if (!(o instanceof OWLObject)
                || o instanceof org.semanticweb.owlapi.model.OWLEntity
                || o instanceof IRI
                || o instanceof OWLLiteral) {
            return false;
        }
        if (o instanceof org.semanticweb.owlapi.model.OWLObjectAllValuesFrom
                || o instanceof org.semanticweb.owlapi.model.OWLObjectCardinalityRestriction
                || o instanceof org.semanticweb.owlapi.model.OWLObjectInverseOf
                || o instanceof org.semanticweb.owlapi.model.OWLDataAllValuesFrom
                || o instanceof org.semanticweb.owlapi.model.OWLDataCardinalityRestriction
                || o instanceof org.semanticweb.owlapi.model.OWLDataSomeValuesFrom
                || o instanceof org.semanticweb.owlapi.model.OWLAnonymousIndividual) {
            return true;
        }
        return ((OWLObject) o).components().anyMatch(ElSyntax::unsupported);
    }

    /**
     * Class expressions ELK fully supports in positive positions (names, intersections,
     * existentials, nominals).
     */
    public static boolean isEL(OWLClassExpression c) {
        switch (c.getClassExpressionType()) {
            case OWL_CLASS:
                return true;
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    if (!isEL(x)) {
                        return false;
                    }
                }
                return true;
            case OBJECT_SOME_VALUES_FROM:
                OWLObjectSomeValuesFrom sv = (OWLObjectSomeValuesFrom) c;
                return !sv.getProperty().isAnonymous() && isEL(sv.getFiller());
            case OBJECT_HAS_VALUE:
                return !((OWLObjectHasValue) c).getProperty().isAnonymous()
                        && ((OWLObjectHasValue) c).getFiller().isNamed();
            case OBJECT_ONE_OF:
                List<OWLIndividual> is = ((OWLObjectOneOf) c).getOperandsAsList();
                return is.size() == 1 && is.get(0).isNamed();
            case OBJECT_HAS_SELF:
                return !((OWLObjectHasSelf) c).getProperty().isAnonymous();
            default:
                return false;
        }
    }

    /** Whether a top-level conjunct is an existential, a hasValue, a hasSelf or a nominal. */
    public static boolean hasExistential(OWLClassExpression c) {
        switch (c.getClassExpressionType()) {
            case OBJECT_SOME_VALUES_FROM:
            case OBJECT_HAS_VALUE:
            case OBJECT_HAS_SELF:
            case OBJECT_ONE_OF:
                return true;
            case OBJECT_INTERSECTION_OF:
                for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                    if (hasExistential(x)) {
                        return true;
                    }
                }
                return false;
            default:
                return false;
        }
    }

    /** Top-level conjuncts of c (nested intersections flattened), owl:Thing left out. */
    public static void addConjuncts(OWLClassExpression c, Set<OWLClassExpression> ops) {
        if (c instanceof OWLObjectIntersectionOf) {
            for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                addConjuncts(x, ops);
            }
        } else if (!c.isOWLThing()) {
            ops.add(c);
        }
    }

    /**
     * Top-level conjuncts of c (nested intersections flattened), owl:Thing included, in operand
     * order.
     */
    public static void addConjunctsOrdered(OWLClassExpression c, Set<OWLClassExpression> out) {
        if (c instanceof OWLObjectIntersectionOf) {
            for (OWLClassExpression x : ((OWLObjectIntersectionOf) c).getOperandsAsList()) {
                addConjunctsOrdered(x, out);
            }
        } else {
            out.add(c);
        }
    }
}
