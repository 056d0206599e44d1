package oarag.bridge.query;

import static oarag.bridge.common.Requests.str;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import oarag.bridge.classify.ClassifyMonitor;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.expression.OWLEntityChecker;
import org.semanticweb.owlapi.manchestersyntax.renderer.ParserException;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDataProperty;
import org.semanticweb.owlapi.model.OWLDatatype;
import org.semanticweb.owlapi.model.OWLNamedIndividual;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.parameters.Imports;
import org.semanticweb.owlapi.reasoner.InconsistentOntologyException;
import org.semanticweb.owlapi.util.mansyntax.ManchesterOWLSyntaxParser;

/**
 * A DL query: a Manchester-syntax class expression whose names are full IRIs in angle brackets
 * (TypeScript resolves the names people type), answered by ELK when it is an EL expression. For any
 * other expression the answer says so ({@code el: false}) and the client decides what reasoner to
 * ask instead: policy lives in TypeScript.
 */
public final class DlQuery {
    private DlQuery() {}

    public static JsonObject run(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        OWLClassExpression e = parse(s, str(req, "expression", true));
        JsonObject o = new JsonObject();
        boolean el = ElSyntax.isEL(e);
        o.addProperty("el", el);
        if (!el) {
            return o;
        }
        boolean fresh = !s.hasReasoner();
        if (fresh) {
            progress.report("classify", 0.0);
        }
        ElkReasoner r = s.reasoner(new ClassifyMonitor(progress));
        TreeSet<String> eq = new TreeSet<>();
        TreeSet<String> sup = new TreeSet<>();
        TreeSet<String> sub = new TreeSet<>();
        boolean satisfiable = false;
        if (s.isConsistent()) {
            try {
                satisfiable = r.isSatisfiable(e);
                Set<OWLClass> bottom = r.getBottomClassNode().getEntities();
                Consumer<OWLClass> addSub =
                        c -> {
                            if (!c.isOWLNothing() && !bottom.contains(c)) {
                                sub.add(c.getIRI().toString());
                            }
                        };
                r.getEquivalentClasses(e)
                        .entities()
                        .filter(c -> !c.isOWLNothing())
                        .forEach(c -> eq.add(c.getIRI().toString()));
                if (satisfiable) {
                    r.getSuperClasses(e, true)
                            .entities()
                            .forEach(c -> sup.add(c.getIRI().toString()));
                    // ELK 0.6 leaves direct subclasses out of the indirect answer (elk-reasoner
                    // #70): both are asked.
                    r.getSubClasses(e, false).entities().forEach(addSub);
                    r.getSubClasses(e, true).entities().forEach(addSub);
                    sub.removeAll(eq);
                }
            } catch (InconsistentOntologyException ex) {
                satisfiable = false;
            }
        }
        o.addProperty("satisfiable", satisfiable);
        o.addProperty("consistent", s.isConsistent());
        o.add("equivalents", array(eq));
        o.add("superclasses", array(sup));
        o.add("subclasses", array(sub));
        return o;
    }

    private static JsonArray array(Set<String> xs) {
        JsonArray a = new JsonArray();
        xs.forEach(a::add);
        return a;
    }

    static OWLClassExpression parse(Session s, String text) throws BridgeException {
        ManchesterOWLSyntaxParser p = OWLManager.createManchesterParser();
        p.setDefaultOntology(s.root);
        p.setOWLEntityChecker(new IriChecker(s));
        p.setStringToParse(text);
        try {
            return p.parseClassExpression();
        } catch (ParserException ex) {
            throw new BridgeException(
                    "MANCHESTER_SYNTAX",
                    "Not a class expression at column "
                            + (ex.getColumnNumber())
                            + " (\""
                            + ex.getCurrentToken()
                            + "\"): expected "
                            + String.join(", ", ex.getExpectedKeywords()).trim()
                            + ".");
        }
    }

    /** Names are `<IRI>` of an entity of the ontology (imports included), nothing else. */
    private static final class IriChecker implements OWLEntityChecker {
        private final Session s;

        IriChecker(Session s) {
            this.s = s;
        }

        private IRI iri(String name) {
            return name.length() > 2 && name.startsWith("<") && name.endsWith(">")
                    ? IRI.create(name.substring(1, name.length() - 1))
                    : null;
        }

        @Override
        public OWLClass getOWLClass(String name) {
            IRI i = iri(name);
            if (i == null) {
                return null;
            }
            OWLClass c = s.df.getOWLClass(i);
            return c.isOWLThing()
                            || c.isOWLNothing()
                            || s.root.containsClassInSignature(i, Imports.INCLUDED)
                    ? c
                    : null;
        }

        @Override
        public OWLObjectProperty getOWLObjectProperty(String name) {
            IRI i = iri(name);
            return i != null && s.root.containsObjectPropertyInSignature(i, Imports.INCLUDED)
                    ? s.df.getOWLObjectProperty(i)
                    : null;
        }

        @Override
        public OWLDataProperty getOWLDataProperty(String name) {
            IRI i = iri(name);
            return i != null && s.root.containsDataPropertyInSignature(i, Imports.INCLUDED)
                    ? s.df.getOWLDataProperty(i)
                    : null;
        }

        @Override
        public OWLNamedIndividual getOWLIndividual(String name) {
            IRI i = iri(name);
            return i != null && s.root.containsIndividualInSignature(i, Imports.INCLUDED)
                    ? s.df.getOWLNamedIndividual(i)
                    : null;
        }

        @Override
        public OWLDatatype getOWLDatatype(String name) {
            IRI i = iri(name);
            return i != null ? s.df.getOWLDatatype(i) : null;
        }

        @Override
        public OWLAnnotationProperty getOWLAnnotationProperty(String name) {
            return null;
        }
    }
}
