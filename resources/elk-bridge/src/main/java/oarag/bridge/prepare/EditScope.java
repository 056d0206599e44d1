package oarag.bridge.prepare;

import java.util.List;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.OWLObjectPropertyAxiom;

/**
 * Which of extract's derived structures an edit can have changed, so a reload rebuilds only those:
 * the signature (the sorted classes and properties every later phase indexes by), the role index
 * and the attachments. OWL API rebuilds its signature after any change, which costs a fifth of a
 * second on a GO-sized ontology; most edits leave it as it was.
 */
public final class EditScope {
    private EditScope() {}

    /**
     * Whether the named classes and properties are those of {@code sig}: no added axiom brings a
     * new one and no removed axiom took the last mention of one (its references and declarations in
     * the edited ontology).
     */
    public static boolean sameSignature(
            Session s, Signature sig, List<OWLAxiom> removed, List<OWLAxiom> added) {
        for (OWLAxiom ax : added) {
            for (OWLClass c : (Iterable<OWLClass>) ax.classesInSignature()::iterator) {
                if (!c.isOWLThing()
                        && !c.isOWLNothing()
                        && sig.classIndex(c.getIRI().toString()) == null) {
                    return false;
                }
            }
            for (OWLObjectProperty p :
                    (Iterable<OWLObjectProperty>) ax.objectPropertiesInSignature()::iterator) {
                if (!p.isOWLTopObjectProperty()
                        && !p.isOWLBottomObjectProperty()
                        && sig.prop(p) < 0) {
                    return false;
                }
            }
        }
        for (OWLAxiom ax : removed) {
            for (OWLClass c : (Iterable<OWLClass>) ax.classesInSignature()::iterator) {
                if (!c.isOWLThing() && !c.isOWLNothing() && !mentioned(s, c)) {
                    return false;
                }
            }
            for (OWLObjectProperty p :
                    (Iterable<OWLObjectProperty>) ax.objectPropertiesInSignature()::iterator) {
                if (!p.isOWLTopObjectProperty()
                        && !p.isOWLBottomObjectProperty()
                        && !mentioned(s, p)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean mentioned(Session s, OWLEntity e) {
        return s.root.referencingAxioms(e).findAny().isPresent()
                || s.root.declarationAxioms(e).findAny().isPresent();
    }

    /**
     * Whether no changed axiom is an object property axiom: the role index and compositions stay.
     * (The types {@link Roles} reads are named besides the interface for the chain axiom, which OWL
     * API files apart.)
     */
    /**
     * Whether the attachments (AttachmentCollector) are those of before: every changed axiom is one
     * without existentials, nominals or complex classes, such as a named class's new parent, a
     * disjointness or an annotation. The collector attaches only existentials (and hasValue,
     * hasSelf, property assertions), to named classes or to contexts for complex left-hand sides,
     * so such an axiom gives it nothing to collect.
     */
    public static boolean sameAttachments(List<OWLAxiom> removed, List<OWLAxiom> added) {
        return namedOnly(removed) && namedOnly(added);
    }

    private static boolean namedOnly(List<OWLAxiom> axs) {
        for (OWLAxiom ax : axs) {
            if (!ax.isLogicalAxiom()) {
                continue;
            }
            if (ax.objectPropertiesInSignature().findAny().isPresent()
                    || ax.individualsInSignature().findAny().isPresent()
                    || ax.anonymousIndividuals().findAny().isPresent()
                    || ax.nestedClassExpressions().anyMatch(OWLClassExpression::isAnonymous)) {
                return false;
            }
        }
        return true;
    }

    public static boolean sameRoles(List<OWLAxiom> removed, List<OWLAxiom> added) {
        return !anyPropertyAxiom(removed) && !anyPropertyAxiom(added);
    }

    private static boolean anyPropertyAxiom(List<OWLAxiom> axs) {
        for (OWLAxiom ax : axs) {
            AxiomType<?> t = ax.getAxiomType();
            if (ax instanceof OWLObjectPropertyAxiom
                    || t == AxiomType.SUB_PROPERTY_CHAIN_OF
                    || t == AxiomType.SUB_OBJECT_PROPERTY
                    || t == AxiomType.EQUIVALENT_OBJECT_PROPERTIES
                    || t == AxiomType.TRANSITIVE_OBJECT_PROPERTY
                    || t == AxiomType.REFLEXIVE_OBJECT_PROPERTY
                    || t == AxiomType.OBJECT_PROPERTY_RANGE) {
                return true;
            }
        }
        return false;
    }
}
