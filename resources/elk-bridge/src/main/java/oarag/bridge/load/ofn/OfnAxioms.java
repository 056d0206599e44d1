package oarag.bridge.load.ofn;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;

/**
 * Reads the axioms of a range of an ontology body into a list, in document order. Each axiom is
 * built as OWL API 5.1.20's functional-syntax grammar builds it (same factory call, same argument
 * order and collection kinds). An axiom kind it does not build (HasKey, DatatypeDefinition, rules,
 * data ranges beyond a datatype IRI) gives up.
 */
final class OfnAxioms {
    private final OfnLexer lx;
    private final OfnTerms t;
    private final OWLDataFactory df;

    OfnAxioms(OfnTerms terms) {
        this.t = terms;
        this.lx = terms.lx;
        this.df = terms.df;
    }

    /** Receives the axioms read, in document order, a batch at a time. */
    public interface Batches {
        void accept(List<OWLAxiom> batch);
    }

    /**
     * Where the item being read when the range ended too early starts (see {@link
     * OfnGiveUp#atCut}).
     */
    int cutItemStart = -1;

    /**
     * Axioms up to the end of the range ({@code closes}: up to the parenthesis closing Ontology,
     * then the end of the document), handed on in batches of {@code batchSize}. The lexer is on the
     * first token of the first axiom. When the range ends inside an item, the axioms before it are
     * handed on and the item's start is kept.
     */
    void readAll(
            boolean closes,
            int batchSize,
            Batches out,
            java.util.function.BooleanSupplier stopped) {
        List<OWLAxiom> batch = new ArrayList<>(Math.min(batchSize, 8192));
        for (; ; ) {
            if (lx.kind == OfnLexer.EOF) {
                if (closes) {
                    throw lx.giveUp("the ontology is not closed");
                }
                break;
            }
            if (lx.kind == OfnLexer.CLOSE) {
                if (!closes) {
                    throw lx.giveUp("the ontology closes before the end of the first half");
                }
                lx.next();
                if (lx.kind != OfnLexer.EOF) {
                    throw lx.giveUp("text after the ontology");
                }
                break;
            }
            int itemStart = lx.tokenStart;
            try {
                batch.add(axiom());
            } catch (OfnGiveUp e) {
                if (e.atCut) {
                    cutItemStart = itemStart;
                    out.accept(batch);
                }
                throw e;
            }
            if (batch.size() == batchSize) {
                if (stopped.getAsBoolean()) {
                    throw lx.giveUp("stopped");
                }
                out.accept(batch);
                batch = new ArrayList<>(Math.min(batchSize, 8192));
            }
        }
        if (!batch.isEmpty()) {
            out.accept(batch);
        }
    }

    OWLAxiom axiom() {
        int k = t.openKeyword();
        Set<OWLAnnotation> a = t.axiomAnnotations();
        OWLAxiom ax;
        switch (k) {
            case OfnKeywords.ANNOTATION_ASSERTION:
                ax =
                        df.getOWLAnnotationAssertionAxiom(
                                t.annotationProperty(),
                                t.annotationSubject(),
                                t.annotationValue(),
                                a);
                break;
            case OfnKeywords.SUB_CLASS_OF:
                ax = df.getOWLSubClassOfAxiom(t.classExpression(), t.classExpression(), a);
                break;
            case OfnKeywords.DECLARATION:
                ax = df.getOWLDeclarationAxiom(t.entity(), a);
                break;
            case OfnKeywords.EQUIVALENT_CLASSES:
                ax = df.getOWLEquivalentClassesAxiom(t.classSet(), a);
                break;
            case OfnKeywords.DISJOINT_CLASSES:
                ax = df.getOWLDisjointClassesAxiom(t.classSet(), a);
                break;
            case OfnKeywords.DISJOINT_UNION:
                ax = df.getOWLDisjointUnionAxiom(t.classIri(), t.classSet(), a);
                break;
            default:
                ax = propertyAxiom(k, a);
        }
        t.expect(OfnLexer.CLOSE);
        return ax;
    }

    private OWLAxiom propertyAxiom(int k, Set<OWLAnnotation> a) {
        switch (k) {
            case OfnKeywords.SUB_OBJECT_PROPERTY_OF:
                if (t.atKeyword(OfnKeywords.OBJECT_PROPERTY_CHAIN)) {
                    t.openKeyword();
                    List<OWLObjectPropertyExpression> chain = t.chain();
                    return df.getOWLSubPropertyChainOfAxiom(chain, t.objectProperty(), a);
                }
                return df.getOWLSubObjectPropertyOfAxiom(t.objectProperty(), t.objectProperty(), a);
            case OfnKeywords.TRANSITIVE_OBJECT_PROPERTY:
                return df.getOWLTransitiveObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.REFLEXIVE_OBJECT_PROPERTY:
                return df.getOWLReflexiveObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.OBJECT_PROPERTY_DOMAIN:
                return df.getOWLObjectPropertyDomainAxiom(
                        t.objectProperty(), t.classExpression(), a);
            case OfnKeywords.OBJECT_PROPERTY_RANGE:
                return df.getOWLObjectPropertyRangeAxiom(
                        t.objectProperty(), t.classExpression(), a);
            case OfnKeywords.INVERSE_OBJECT_PROPERTIES:
                return df.getOWLInverseObjectPropertiesAxiom(
                        t.objectProperty(), t.objectProperty(), a);
            case OfnKeywords.EQUIVALENT_OBJECT_PROPERTIES:
                return df.getOWLEquivalentObjectPropertiesAxiom(t.objectPropertySet(), a);
            case OfnKeywords.DISJOINT_OBJECT_PROPERTIES:
                return df.getOWLDisjointObjectPropertiesAxiom(t.objectPropertySet(), a);
            case OfnKeywords.FUNCTIONAL_OBJECT_PROPERTY:
                return df.getOWLFunctionalObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.INVERSE_FUNCTIONAL_OBJECT_PROPERTY:
                return df.getOWLInverseFunctionalObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.SYMMETRIC_OBJECT_PROPERTY:
                return df.getOWLSymmetricObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.ASYMMETRIC_OBJECT_PROPERTY:
                return df.getOWLAsymmetricObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.IRREFLEXIVE_OBJECT_PROPERTY:
                return df.getOWLIrreflexiveObjectPropertyAxiom(t.objectProperty(), a);
            case OfnKeywords.SUB_ANNOTATION_PROPERTY_OF:
                return df.getOWLSubAnnotationPropertyOfAxiom(
                        t.annotationProperty(), t.annotationProperty(), a);
            case OfnKeywords.ANNOTATION_PROPERTY_DOMAIN:
                return df.getOWLAnnotationPropertyDomainAxiom(t.annotationProperty(), iri(), a);
            case OfnKeywords.ANNOTATION_PROPERTY_RANGE:
                return df.getOWLAnnotationPropertyRangeAxiom(t.annotationProperty(), iri(), a);
            default:
                return dataOrIndividualAxiom(k, a);
        }
    }

    private IRI iri() {
        IRI i = t.names.iri(lx);
        lx.next();
        return i;
    }

    private OWLAxiom dataOrIndividualAxiom(int k, Set<OWLAnnotation> a) {
        switch (k) {
            case OfnKeywords.SUB_DATA_PROPERTY_OF:
                return df.getOWLSubDataPropertyOfAxiom(t.dataProperty(), t.dataProperty(), a);
            case OfnKeywords.EQUIVALENT_DATA_PROPERTIES:
                return df.getOWLEquivalentDataPropertiesAxiom(t.dataPropertySet(), a);
            case OfnKeywords.DISJOINT_DATA_PROPERTIES:
                return df.getOWLDisjointDataPropertiesAxiom(t.dataPropertySet(), a);
            case OfnKeywords.FUNCTIONAL_DATA_PROPERTY:
                return df.getOWLFunctionalDataPropertyAxiom(t.dataProperty(), a);
            case OfnKeywords.DATA_PROPERTY_DOMAIN:
                return df.getOWLDataPropertyDomainAxiom(t.dataProperty(), t.classExpression(), a);
            case OfnKeywords.DATA_PROPERTY_RANGE:
                return df.getOWLDataPropertyRangeAxiom(t.dataProperty(), t.datatypeRange(), a);
            case OfnKeywords.CLASS_ASSERTION:
                return df.getOWLClassAssertionAxiom(t.classExpression(), t.individual(), a);
            case OfnKeywords.OBJECT_PROPERTY_ASSERTION:
                return df.getOWLObjectPropertyAssertionAxiom(
                        t.objectProperty(), t.individual(), t.individual(), a);
            case OfnKeywords.NEGATIVE_OBJECT_PROPERTY_ASSERTION:
                return df.getOWLNegativeObjectPropertyAssertionAxiom(
                        t.objectProperty(), t.individual(), t.individual(), a);
            case OfnKeywords.DATA_PROPERTY_ASSERTION:
                return df.getOWLDataPropertyAssertionAxiom(
                        t.dataProperty(), t.individual(), t.literal(), a);
            case OfnKeywords.NEGATIVE_DATA_PROPERTY_ASSERTION:
                return df.getOWLNegativeDataPropertyAssertionAxiom(
                        t.dataProperty(), t.individual(), t.literal(), a);
            case OfnKeywords.SAME_INDIVIDUAL:
                return df.getOWLSameIndividualAxiom(t.individualSet(2), a);
            case OfnKeywords.DIFFERENT_INDIVIDUALS:
                return df.getOWLDifferentIndividualsAxiom(t.individualSet(2), a);
            default:
                throw lx.giveUp("an axiom this reader does not build");
        }
    }
}
