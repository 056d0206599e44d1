package oarag.bridge.model;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.functional.renderer.FunctionalSyntaxObjectRenderer;
import org.semanticweb.owlapi.manchestersyntax.renderer.ManchesterOWLSyntaxObjectRenderer;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClassAssertionAxiom;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDisjointClassesAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLEquivalentObjectPropertiesAxiom;
import org.semanticweb.owlapi.model.OWLIndividual;
import org.semanticweb.owlapi.model.OWLNaryBooleanClassExpression;
import org.semanticweb.owlapi.model.OWLObjectAllValuesFrom;
import org.semanticweb.owlapi.model.OWLObjectCardinalityRestriction;
import org.semanticweb.owlapi.model.OWLObjectComplementOf;
import org.semanticweb.owlapi.model.OWLObjectHasSelf;
import org.semanticweb.owlapi.model.OWLObjectHasValue;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLObjectPropertyAssertionAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyDomainAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;
import org.semanticweb.owlapi.model.OWLObjectPropertyRangeAxiom;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLObjectUnionOf;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLReflexiveObjectPropertyAxiom;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;
import org.semanticweb.owlapi.model.OWLSubObjectPropertyOfAxiom;
import org.semanticweb.owlapi.model.OWLSubPropertyChainOfAxiom;
import org.semanticweb.owlapi.model.OWLTransitiveObjectPropertyAxiom;

/** Readable (label-based, Manchester-like) and functional-syntax renderings. */
public final class Render {
    private final Session s;
    private static OWLOntology emptyOntology;

    public Render(Session s) {
        this.s = s;
    }

    String entity(OWLEntity e) {
        if (e.isOWLClass() && e.asOWLClass().isOWLThing()) {
            return "Thing";
        }
        if (e.isOWLClass() && e.asOWLClass().isOWLNothing()) {
            return "Nothing";
        }
        return s.label(e.getIRI());
    }

    String ind(OWLIndividual i) {
        if (i.isNamed()) {
            return s.label(i.asOWLNamedIndividual().getIRI());
        }
        return i.toString();
    }

    String prop(OWLObjectPropertyExpression p) {
        if (p.isAnonymous()) {
            return "inverse (" + prop(p.getInverseProperty()) + ")";
        }
        return entity(p.asOWLObjectProperty());
    }

    /** Class expression; nested complex expressions are parenthesised. */
    public String ce(OWLClassExpression c) {
        if (!c.isAnonymous()) {
            return entity(c.asOWLClass());
        }
        if (c instanceof OWLNaryBooleanClassExpression) {
            String op = c instanceof OWLObjectUnionOf ? " or " : " and ";
            List<String> parts = new ArrayList<>();
            for (OWLClassExpression o : ((OWLNaryBooleanClassExpression) c).getOperandsAsList()) {
                parts.add(nested(o));
            }
            return String.join(op, parts);
        }
        if (c instanceof OWLObjectSomeValuesFrom) {
            OWLObjectSomeValuesFrom x = (OWLObjectSomeValuesFrom) c;
            return prop(x.getProperty()) + " some " + nested(x.getFiller());
        }
        if (c instanceof OWLObjectAllValuesFrom) {
            OWLObjectAllValuesFrom x = (OWLObjectAllValuesFrom) c;
            return prop(x.getProperty()) + " only " + nested(x.getFiller());
        }
        if (c instanceof OWLObjectHasValue) {
            OWLObjectHasValue x = (OWLObjectHasValue) c;
            return prop(x.getProperty()) + " value " + ind(x.getFiller());
        }
        if (c instanceof OWLObjectHasSelf) {
            return prop(((OWLObjectHasSelf) c).getProperty()) + " some Self";
        }
        if (c instanceof OWLObjectComplementOf) {
            return "not " + nested(((OWLObjectComplementOf) c).getOperand());
        }
        if (c instanceof OWLObjectOneOf) {
            return "{"
                    + ((OWLObjectOneOf) c)
                            .getOperandsAsList().stream()
                                    .map(this::ind)
                                    .collect(Collectors.joining(", "))
                    + "}";
        }
        if (c instanceof OWLObjectCardinalityRestriction) {
            OWLObjectCardinalityRestriction x = (OWLObjectCardinalityRestriction) c;
            String kw;
            switch (c.getClassExpressionType()) {
                case OBJECT_MIN_CARDINALITY:
                    kw = " min ";
                    break;
                case OBJECT_MAX_CARDINALITY:
                    kw = " max ";
                    break;
                default:
                    kw = " exactly ";
                    break;
            }
            return prop(x.getProperty()) + kw + x.getCardinality() + " " + nested(x.getFiller());
        }
        return manchester(c);
    }

    private String nested(OWLClassExpression c) {
        if (c.isAnonymous() && !(c instanceof OWLObjectOneOf) && depthLeft <= 0) {
            return "(…)";
        }
        depthLeft--;
        try {
            String r = ce(c);
            return c.isAnonymous() && !(c instanceof OWLObjectOneOf) ? "(" + r + ")" : r;
        } finally {
            depthLeft++;
        }
    }

    /**
     * Nesting levels rendered before a structural short form "(…)" takes over; unbounded outside
     * {@link #ceShort}.
     */
    private int depthLeft = Integer.MAX_VALUE;

    static final int SHORT_DEPTH = 4;
    static final int SHORT_LENGTH = 400;

    /**
     * A bounded name for a filler or a stated restriction: at most {@link #SHORT_DEPTH} nested
     * levels and {@link #SHORT_LENGTH} characters. A nested chain of n expressions has n fillers;
     * naming each by its whole subexpression would make the names, and the cache, grow with n
     * squared.
     */
    public String ceShort(OWLClassExpression c) {
        int saved = depthLeft;
        depthLeft = SHORT_DEPTH;
        try {
            String r = ce(c);
            return r.length() <= SHORT_LENGTH ? r : r.substring(0, SHORT_LENGTH - 1) + "…";
        } finally {
            depthLeft = saved;
        }
    }

    private String manchester(org.semanticweb.owlapi.model.OWLObject o) {
        StringWriter w = new StringWriter();
        ManchesterOWLSyntaxObjectRenderer r =
                new ManchesterOWLSyntaxObjectRenderer(w, e -> entity(e)) {
                    {
                        setUseWrapping(false);
                    }
                };
        o.accept(r);
        return w.toString().replaceAll("\\s+", " ").trim();
    }

    /** A readable one-line rendering of an axiom. */
    public String axiom(OWLAxiom ax) {
        if (ax instanceof OWLSubClassOfAxiom) {
            OWLSubClassOfAxiom a = (OWLSubClassOfAxiom) ax;
            return ce(a.getSubClass()) + " SubClassOf " + ce(a.getSuperClass());
        }
        if (ax instanceof OWLEquivalentClassesAxiom) {
            return ((OWLEquivalentClassesAxiom) ax)
                    .getOperandsAsList().stream()
                            .map(this::ce)
                            .collect(Collectors.joining(" EquivalentTo "));
        }
        if (ax instanceof OWLDisjointClassesAxiom) {
            return ((OWLDisjointClassesAxiom) ax)
                    .getOperandsAsList().stream()
                            .map(this::ce)
                            .collect(Collectors.joining(" DisjointWith "));
        }
        if (ax instanceof OWLSubObjectPropertyOfAxiom) {
            OWLSubObjectPropertyOfAxiom a = (OWLSubObjectPropertyOfAxiom) ax;
            return prop(a.getSubProperty()) + " SubPropertyOf " + prop(a.getSuperProperty());
        }
        if (ax instanceof OWLSubPropertyChainOfAxiom) {
            OWLSubPropertyChainOfAxiom a = (OWLSubPropertyChainOfAxiom) ax;
            return a.getPropertyChain().stream().map(this::prop).collect(Collectors.joining(" o "))
                    + " SubPropertyOf "
                    + prop(a.getSuperProperty());
        }
        if (ax instanceof OWLEquivalentObjectPropertiesAxiom) {
            return ((OWLEquivalentObjectPropertiesAxiom) ax)
                    .getOperandsAsList().stream()
                            .map(this::prop)
                            .collect(Collectors.joining(" EquivalentTo "));
        }
        if (ax instanceof OWLTransitiveObjectPropertyAxiom) {
            return prop(((OWLTransitiveObjectPropertyAxiom) ax).getProperty()) + " is transitive";
        }
        if (ax instanceof OWLReflexiveObjectPropertyAxiom) {
            return prop(((OWLReflexiveObjectPropertyAxiom) ax).getProperty()) + " is reflexive";
        }
        if (ax instanceof OWLObjectPropertyDomainAxiom) {
            OWLObjectPropertyDomainAxiom a = (OWLObjectPropertyDomainAxiom) ax;
            return prop(a.getProperty()) + " Domain " + ce(a.getDomain());
        }
        if (ax instanceof OWLObjectPropertyRangeAxiom) {
            OWLObjectPropertyRangeAxiom a = (OWLObjectPropertyRangeAxiom) ax;
            return prop(a.getProperty()) + " Range " + ce(a.getRange());
        }
        if (ax instanceof OWLClassAssertionAxiom) {
            OWLClassAssertionAxiom a = (OWLClassAssertionAxiom) ax;
            return ind(a.getIndividual()) + " Type " + ce(a.getClassExpression());
        }
        if (ax instanceof OWLObjectPropertyAssertionAxiom) {
            OWLObjectPropertyAssertionAxiom a = (OWLObjectPropertyAssertionAxiom) ax;
            return ind(a.getSubject()) + " " + prop(a.getProperty()) + " " + ind(a.getObject());
        }
        return manchester(ax.getAxiomWithoutAnnotations());
    }

    /** OWL functional syntax with full IRIs (parsable on its own, no prefixes needed). */
    public static synchronized String functional(OWLAxiom ax) {
        try {
            if (emptyOntology == null) {
                emptyOntology = OWLManager.createOWLOntologyManager().createOntology();
            }
        } catch (OWLOntologyCreationException e) {
            throw new IllegalStateException(e);
        }
        StringWriter w = new StringWriter();
        FunctionalSyntaxObjectRenderer r = new FunctionalSyntaxObjectRenderer(emptyOntology, w);
        ax.getAxiomWithoutAnnotations().accept(r);
        return w.toString().trim();
    }
}
