package oarag.bridge.load.ofn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLAnnotationSubject;
import org.semanticweb.owlapi.model.OWLAnnotationValue;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataFactory;
import org.semanticweb.owlapi.model.OWLDataPropertyExpression;
import org.semanticweb.owlapi.model.OWLDataRange;
import org.semanticweb.owlapi.model.OWLDatatype;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLIndividual;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;

/**
 * The parts axioms are made of (class and property expressions, individuals, literals,
 * annotations), read with the lexer positioned on their first token and left on the token after
 * them. Each is built with the data factory call, and from the same kind of collection, that OWL
 * API 5.1.20's functional-syntax grammar uses, so that equal input gives equal objects. Anonymous
 * individuals give up: OWL API renames them per document.
 */
final class OfnTerms {
    final OfnLexer lx;
    final OfnNames names;
    final OWLDataFactory df;

    OfnTerms(OfnLexer lx, OfnNames names, OWLDataFactory df) {
        this.lx = lx;
        this.names = names;
        this.df = df;
    }

    void expect(int kind) {
        if (lx.kind != kind) {
            throw lx.giveUp("unexpected token");
        }
        lx.next();
    }

    boolean atIri() {
        return lx.kind == OfnLexer.FULL_IRI || lx.kind == OfnLexer.PNAME;
    }

    boolean atKeyword(int keyword) {
        return lx.kind == OfnLexer.KEYWORD && lx.keyword == keyword;
    }

    /** The keyword of the current token, with the token and the parenthesis after it consumed. */
    int openKeyword() {
        if (lx.kind != OfnLexer.KEYWORD) {
            throw lx.giveUp("a keyword expected");
        }
        int k = lx.keyword;
        lx.next();
        expect(OfnLexer.OPEN);
        return k;
    }

    OWLClassExpression classExpression() {
        if (atIri()) {
            OWLClassExpression c = names.cls(lx);
            lx.next();
            return c;
        }
        int k = openKeyword();
        OWLClassExpression r;
        switch (k) {
            case OfnKeywords.OBJECT_SOME_VALUES_FROM:
                r = df.getOWLObjectSomeValuesFrom(objectProperty(), classExpression());
                break;
            case OfnKeywords.OBJECT_INTERSECTION_OF:
                r = df.getOWLObjectIntersectionOf(classSet());
                break;
            case OfnKeywords.OBJECT_UNION_OF:
                r = df.getOWLObjectUnionOf(classSet());
                break;
            case OfnKeywords.OBJECT_COMPLEMENT_OF:
                r = df.getOWLObjectComplementOf(classExpression());
                break;
            case OfnKeywords.OBJECT_ALL_VALUES_FROM:
                r = df.getOWLObjectAllValuesFrom(objectProperty(), classExpression());
                break;
            case OfnKeywords.OBJECT_HAS_VALUE:
                r = df.getOWLObjectHasValue(objectProperty(), individual());
                break;
            case OfnKeywords.OBJECT_ONE_OF:
                r = df.getOWLObjectOneOf(individualSet(1));
                break;
            case OfnKeywords.OBJECT_HAS_SELF:
                r = df.getOWLObjectHasSelf(objectProperty());
                break;
            case OfnKeywords.OBJECT_MIN_CARDINALITY:
            case OfnKeywords.OBJECT_MAX_CARDINALITY:
            case OfnKeywords.OBJECT_EXACT_CARDINALITY:
                r = cardinality(k);
                break;
            default:
                throw lx.giveUp("a class expression this reader does not build");
        }
        expect(OfnLexer.CLOSE);
        return r;
    }

    OWLClass classIri() {
        OWLClass c = names.cls(lx);
        lx.next();
        return c;
    }

    private OWLClassExpression cardinality(int k) {
        if (lx.kind != OfnLexer.INT) {
            throw lx.giveUp("a cardinality expected");
        }
        int n;
        try {
            n = Integer.parseInt(lx.text());
        } catch (NumberFormatException e) {
            throw lx.giveUp("a cardinality out of range");
        }
        lx.next();
        OWLObjectPropertyExpression p = objectProperty();
        OWLClassExpression filler = lx.kind == OfnLexer.CLOSE ? null : classExpression();
        switch (k) {
            case OfnKeywords.OBJECT_MIN_CARDINALITY:
                return filler == null
                        ? df.getOWLObjectMinCardinality(n, p)
                        : df.getOWLObjectMinCardinality(n, p, filler);
            case OfnKeywords.OBJECT_MAX_CARDINALITY:
                return filler == null
                        ? df.getOWLObjectMaxCardinality(n, p)
                        : df.getOWLObjectMaxCardinality(n, p, filler);
            default:
                return filler == null
                        ? df.getOWLObjectExactCardinality(n, p)
                        : df.getOWLObjectExactCardinality(n, p, filler);
        }
    }

    /**
     * Two or more class expressions up to the closing parenthesis (a set, as OWL API collects
     * them).
     */
    Set<OWLClassExpression> classSet() {
        Set<OWLClassExpression> s = new HashSet<>();
        s.add(classExpression());
        s.add(classExpression());
        while (lx.kind != OfnLexer.CLOSE) {
            s.add(classExpression());
        }
        return s;
    }

    OWLObjectPropertyExpression objectProperty() {
        if (atIri()) {
            OWLObjectPropertyExpression p = names.objectProperty(lx);
            lx.next();
            return p;
        }
        if (!atKeyword(OfnKeywords.OBJECT_INVERSE_OF)) {
            throw lx.giveUp("an object property expected");
        }
        lx.next();
        expect(OfnLexer.OPEN);
        OWLObjectPropertyExpression p = df.getOWLObjectInverseOf(names.objectProperty(lx));
        lx.next();
        expect(OfnLexer.CLOSE);
        return p;
    }

    Set<OWLObjectPropertyExpression> objectPropertySet() {
        Set<OWLObjectPropertyExpression> s = new HashSet<>();
        s.add(objectProperty());
        s.add(objectProperty());
        while (lx.kind != OfnLexer.CLOSE) {
            s.add(objectProperty());
        }
        return s;
    }

    /** ObjectPropertyChain( p1 ... pn ), the keyword already consumed with its parenthesis. */
    List<OWLObjectPropertyExpression> chain() {
        List<OWLObjectPropertyExpression> l = new ArrayList<>();
        l.add(objectProperty());
        while (lx.kind != OfnLexer.CLOSE) {
            l.add(objectProperty());
        }
        expect(OfnLexer.CLOSE);
        return l;
    }

    OWLDataPropertyExpression dataProperty() {
        OWLDataPropertyExpression p = names.dataProperty(lx);
        lx.next();
        return p;
    }

    Set<OWLDataPropertyExpression> dataPropertySet() {
        Set<OWLDataPropertyExpression> s = new HashSet<>();
        s.add(dataProperty());
        s.add(dataProperty());
        while (lx.kind != OfnLexer.CLOSE) {
            s.add(dataProperty());
        }
        return s;
    }

    /** A data range that is a datatype's IRI; anything more gives up. */
    OWLDataRange datatypeRange() {
        OWLDatatype d = names.datatype(lx);
        lx.next();
        return d;
    }

    OWLIndividual individual() {
        if (lx.kind == OfnLexer.NODE_ID) {
            throw lx.giveUp("an anonymous individual");
        }
        OWLIndividual i = names.individual(lx);
        lx.next();
        return i;
    }

    Set<OWLIndividual> individualSet(int min) {
        Set<OWLIndividual> s = new HashSet<>();
        for (int k = 0; k < min; k++) {
            s.add(individual());
        }
        while (lx.kind != OfnLexer.CLOSE) {
            s.add(individual());
        }
        return s;
    }

    /** The entity of a Declaration: Class(iri), ObjectProperty(iri), .... */
    OWLEntity entity() {
        int k = openKeyword();
        OWLEntity e;
        switch (k) {
            case OfnKeywords.CLASS:
                e = names.cls(lx);
                break;
            case OfnKeywords.OBJECT_PROPERTY:
                e = names.objectProperty(lx);
                break;
            case OfnKeywords.ANNOTATION_PROPERTY:
                e = names.annotationProperty(lx);
                break;
            case OfnKeywords.DATA_PROPERTY:
                e = names.dataProperty(lx);
                break;
            case OfnKeywords.NAMED_INDIVIDUAL:
                e = names.individual(lx);
                break;
            case OfnKeywords.DATATYPE:
                e = names.datatype(lx);
                break;
            default:
                throw lx.giveUp("not an entity");
        }
        lx.next();
        expect(OfnLexer.CLOSE);
        return e;
    }

    OWLAnnotationProperty annotationProperty() {
        OWLAnnotationProperty p = names.annotationProperty(lx);
        lx.next();
        return p;
    }

    OWLLiteral literal() {
        if (lx.kind != OfnLexer.STRING) {
            throw lx.giveUp("a literal expected");
        }
        String text = lx.text();
        lx.next();
        if (lx.kind == OfnLexer.DATATYPE) {
            lx.next();
            OWLDatatype dt = names.datatype(lx);
            lx.next();
            // as OWL API: the 'f' suffix of a float is dropped
            if (dt.isFloat()
                    && (text.endsWith("f") || text.endsWith("F"))
                    && !(text.endsWith("inf") || text.endsWith("INF"))) {
                text = text.substring(0, text.length() - 1);
            }
            return df.getOWLLiteral(text, dt);
        }
        String lang = "";
        if (lx.kind == OfnLexer.AT) {
            lx.next();
            if (lx.kind != OfnLexer.WORD) {
                throw lx.giveUp("a language tag expected");
            }
            lang = lx.text();
            lx.next();
        }
        return df.getOWLLiteral(text, lang);
    }

    OWLAnnotationSubject annotationSubject() {
        if (lx.kind == OfnLexer.NODE_ID) {
            throw lx.giveUp("an anonymous individual");
        }
        OWLAnnotationSubject s = names.iri(lx);
        lx.next();
        return s;
    }

    OWLAnnotationValue annotationValue() {
        if (lx.kind == OfnLexer.STRING) {
            return literal();
        }
        if (lx.kind == OfnLexer.NODE_ID) {
            throw lx.giveUp("an anonymous individual");
        }
        OWLAnnotationValue v = names.iri(lx);
        lx.next();
        return v;
    }

    /** Annotation( Annotation(...)* property value ), the lexer on the keyword. */
    OWLAnnotation annotation() {
        lx.next();
        expect(OfnLexer.OPEN);
        Set<OWLAnnotation> inner = new HashSet<>();
        while (atKeyword(OfnKeywords.ANNOTATION)) {
            inner.add(annotation());
        }
        OWLAnnotationProperty p = annotationProperty();
        OWLAnnotationValue v = annotationValue();
        expect(OfnLexer.CLOSE);
        return df.getOWLAnnotation(p, v, inner);
    }

    /** The annotations an axiom starts with: an empty set (as OWL API's) when there are none. */
    Set<OWLAnnotation> axiomAnnotations() {
        if (!atKeyword(OfnKeywords.ANNOTATION)) {
            return Collections.emptySet();
        }
        Set<OWLAnnotation> s = new HashSet<>();
        while (atKeyword(OfnKeywords.ANNOTATION)) {
            s.add(annotation());
        }
        return s;
    }
}
