package oarag.bridge.revise;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.load.ParseErrors;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.formats.OBODocumentFormat;
import org.semanticweb.owlapi.formats.OWLXMLDocumentFormat;
import org.semanticweb.owlapi.formats.PrefixDocumentFormat;
import org.semanticweb.owlapi.formats.RDFXMLDocumentFormat;
import org.semanticweb.owlapi.formats.TurtleDocumentFormat;
import org.semanticweb.owlapi.model.AddAxiom;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotationAssertionAxiom;
import org.semanticweb.owlapi.model.OWLAnnotationProperty;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLObjectIntersectionOf;
import org.semanticweb.owlapi.model.OWLObjectSomeValuesFrom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyChange;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;
import org.semanticweb.owlapi.model.RemoveAxiom;

/**
 * Test 2 revision (paper §5.2): moves the existential conjuncts of told axioms A ⊑ C / A ≡ C out of
 * the logical layer. {@code reviseStrip} plans the change and reports the removed restrictions;
 * {@code reviseWrite} applies it with the verbalised definitions, saves the revised ontology in the
 * input's format and a check ontology (functional syntax) with the removed restrictions added back
 * as A ⊑ ∃r.C. The session's ontology is restored afterwards, so later commands see the original.
 */
public final class Reviser {
    private Reviser() {}

    static final String DEFINITION = "http://purl.obolibrary.org/obo/IAO_0000115";

    /** One class's plan. */
    static final class ClassPlan {
        final OWLClass cls;
        final List<OWLObjectSomeValuesFrom> removed = new ArrayList<>();
        final List<String> kinds = new ArrayList<>();

        ClassPlan(OWLClass cls) {
            this.cls = cls;
        }
    }

    private static Session planned;
    private static Map<OWLClass, ClassPlan> plans;
    private static List<OWLOntologyChange> stripChanges;
    private static int axiomsRemoved;
    private static int axiomsRewritten;

    /** Plans the strip over the root ontology's told axioms; nothing is changed yet. */
    public static JsonObject strip(Session s, JsonObject req, Progress progress) {
        Map<OWLClass, ClassPlan> ps = new LinkedHashMap<>();
        List<OWLOntologyChange> changes = new ArrayList<>();
        int removedAx = 0;
        int rewritten = 0;
        OWLOntology o = s.root;
        List<OWLAxiom> axioms = new ArrayList<>();
        o.axioms(AxiomType.SUBCLASS_OF).forEach(axioms::add);
        o.axioms(AxiomType.EQUIVALENT_CLASSES).forEach(axioms::add);
        int i = 0;
        for (OWLAxiom ax : axioms) {
            if (++i % 5000 == 0) {
                progress.report("write", 0.5 * i / axioms.size());
            }
            OWLClass a;
            OWLClassExpression c;
            String kind;
            if (ax instanceof OWLSubClassOfAxiom) {
                OWLSubClassOfAxiom sc = (OWLSubClassOfAxiom) ax;
                if (sc.getSubClass().isAnonymous() || sc.getSubClass().isOWLThing()) {
                    continue;
                }
                a = sc.getSubClass().asOWLClass();
                c = sc.getSuperClass();
                kind = "sub";
            } else {
                List<OWLClassExpression> ops =
                        ((OWLEquivalentClassesAxiom) ax)
                                .classExpressions()
                                .collect(Collectors.toList());
                List<OWLClassExpression> named =
                        ops.stream().filter(x -> !x.isAnonymous()).collect(Collectors.toList());
                List<OWLClassExpression> complex =
                        ops.stream()
                                .filter(OWLClassExpression::isAnonymous)
                                .collect(Collectors.toList());
                if (ops.size() != 2
                        || named.size() != 1
                        || complex.size() != 1
                        || named.get(0).isOWLThing()) {
                    continue;
                }
                a = named.get(0).asOWLClass();
                c = complex.get(0);
                kind = "equiv";
            }
            Set<OWLClassExpression> conj =
                    c instanceof OWLObjectIntersectionOf ? c.asConjunctSet() : Set.of(c);
            List<OWLObjectSomeValuesFrom> ex = new ArrayList<>();
            List<OWLClassExpression> rest = new ArrayList<>();
            for (OWLClassExpression x : conj) {
                if (x instanceof OWLObjectSomeValuesFrom
                        && !((OWLObjectSomeValuesFrom) x).getProperty().isAnonymous()) {
                    ex.add((OWLObjectSomeValuesFrom) x);
                } else {
                    rest.add(x);
                }
            }
            if (ex.isEmpty()) {
                continue;
            }
            ex.sort(null);
            rest.sort(null);
            changes.add(new RemoveAxiom(o, ax));
            if (rest.isEmpty()) {
                removedAx++;
            } else {
                OWLClassExpression d =
                        rest.size() == 1 ? rest.get(0) : s.df.getOWLObjectIntersectionOf(rest);
                changes.add(
                        new AddAxiom(o, s.df.getOWLSubClassOfAxiom(a, d, ax.annotationsAsList())));
                rewritten++;
            }
            ClassPlan p = ps.computeIfAbsent(a, ClassPlan::new);
            for (OWLObjectSomeValuesFrom e : ex) {
                p.removed.add(e);
                p.kinds.add(kind);
            }
        }
        // keep the signature: an entity only used in a removed axiom (e.g. an OBO filler without a
        // stanza) gets declared
        Set<org.semanticweb.owlapi.model.OWLEntity> declare = new java.util.TreeSet<>();
        for (OWLOntologyChange ch : changes) {
            if (ch instanceof RemoveAxiom) {
                ch.getAxiom()
                        .signature()
                        .filter(
                                e ->
                                        !e.isBuiltIn()
                                                && !o.isDeclared(
                                                        e,
                                                        org.semanticweb.owlapi.model.parameters
                                                                .Imports.INCLUDED))
                        .forEach(declare::add);
            }
        }
        for (org.semanticweb.owlapi.model.OWLEntity e : declare) {
            changes.add(new AddAxiom(o, s.df.getOWLDeclarationAxiom(e)));
        }
        planned = s;
        plans = ps;
        stripChanges = changes;
        axiomsRemoved = removedAx;
        axiomsRewritten = rewritten;

        Render render = new Render(s);
        JsonArray classes = new JsonArray();
        int restrictions = 0;
        for (ClassPlan p : ps.values()) {
            JsonObject c = new JsonObject();
            c.addProperty("iri", p.cls.getIRI().toString());
            JsonArray rs = new JsonArray();
            for (int k = 0; k < p.removed.size(); k++) {
                JsonObject r = expr(p.removed.get(k), render).getAsJsonObject();
                r.addProperty("axiomKind", p.kinds.get(k));
                rs.add(r);
                restrictions++;
            }
            c.add("removed", rs);
            classes.add(c);
        }
        JsonObject out = new JsonObject();
        out.add("classes", classes);
        out.addProperty("restrictionsRemoved", restrictions);
        out.addProperty("axiomsRemoved", removedAx);
        out.addProperty("axiomsRewritten", rewritten);
        out.addProperty("format", s.format.label);
        return out;
    }

    static JsonElement expr(OWLClassExpression c, Render render) {
        JsonObject o = new JsonObject();
        if (!c.isAnonymous()) {
            o.addProperty("t", "class");
            o.addProperty("iri", c.asOWLClass().getIRI().toString());
        } else if (c instanceof OWLObjectSomeValuesFrom
                && !((OWLObjectSomeValuesFrom) c).getProperty().isAnonymous()) {
            OWLObjectSomeValuesFrom s = (OWLObjectSomeValuesFrom) c;
            o.addProperty("t", "some");
            o.addProperty("r", s.getProperty().asOWLObjectProperty().getIRI().toString());
            o.add("f", expr(s.getFiller(), render));
        } else if (c instanceof OWLObjectIntersectionOf) {
            o.addProperty("t", "and");
            JsonArray args = new JsonArray();
            ((OWLObjectIntersectionOf) c).operands().forEach(x -> args.add(expr(x, render)));
            o.add("args", args);
        } else {
            o.addProperty("t", "other");
            o.addProperty("text", render.ce(c));
        }
        return o;
    }

    /**
     * Applies the planned strip plus definitions, saves both documents, then restores the session's
     * ontology.
     */
    public static JsonObject write(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        if (planned != s || plans == null) {
            throw new BridgeException(
                    "BAD_REQUEST", "reviseWrite needs a reviseStrip on the loaded ontology first.");
        }
        String outPath = str(req, "out");
        String checkPath = str(req, "checkOut");
        Map<String, String> defs = new LinkedHashMap<>();
        JsonElement d = req.get("definitions");
        if (d != null && d.isJsonArray()) {
            for (JsonElement e : d.getAsJsonArray()) {
                JsonObject x = e.getAsJsonObject();
                defs.put(x.get("iri").getAsString(), x.get("text").getAsString());
            }
        }
        OWLOntology o = s.root;
        List<OWLOntologyChange> applied = new ArrayList<>(stripChanges);
        OWLAnnotationProperty defProp = s.df.getOWLAnnotationProperty(IRI.create(DEFINITION));
        int defsAdded = 0;
        int defsExtended = 0;
        for (Map.Entry<String, String> e : defs.entrySet()) {
            IRI iri = IRI.create(e.getKey());
            String text = e.getValue();
            if (text == null || text.isBlank()) {
                continue;
            }
            OWLAnnotationAssertionAxiom old =
                    o.annotationAssertionAxioms(iri)
                            .filter(
                                    a ->
                                            a.getProperty().equals(defProp)
                                                    && a.getValue().isLiteral())
                            .sorted()
                            .findFirst()
                            .orElse(null);
            if (old != null) {
                OWLLiteral lit = old.getValue().asLiteral().get();
                String merged = lit.getLiteral().isBlank() ? text : lit.getLiteral() + " " + text;
                OWLLiteral nl =
                        lit.hasLang()
                                ? s.df.getOWLLiteral(merged, lit.getLang())
                                : lit.getDatatype().isString()
                                                || lit.getDatatype().isRDFPlainLiteral()
                                        ? s.df.getOWLLiteral(merged)
                                        : s.df.getOWLLiteral(merged, lit.getDatatype());
                applied.add(new RemoveAxiom(o, old));
                applied.add(
                        new AddAxiom(
                                o,
                                s.df.getOWLAnnotationAssertionAxiom(
                                        defProp, iri, nl, old.annotationsAsList())));
                defsExtended++;
            } else {
                applied.add(
                        new AddAxiom(
                                o,
                                s.df.getOWLAnnotationAssertionAxiom(
                                        defProp, iri, s.df.getOWLLiteral(text))));
                defsAdded++;
            }
        }
        List<OWLOntologyChange> back = new ArrayList<>();
        List<OWLOntologyChange> checkAdds = new ArrayList<>();
        try {
            for (OWLOntologyChange ch : applied) {
                if (s.man.applyChange(ch)
                        .equals(
                                org.semanticweb.owlapi.model.parameters.ChangeApplied
                                        .SUCCESSFULLY)) {
                    back.add(0, ch.reverseChange());
                }
            }
            progress.report("write", 0.6);
            save(s, o, formatFor(s), new File(outPath));
            progress.report("write", 0.8);
            for (ClassPlan p : plans.values()) {
                for (OWLObjectSomeValuesFrom r : p.removed) {
                    checkAdds.add(new AddAxiom(o, s.df.getOWLSubClassOfAxiom(p.cls, r)));
                }
            }
            for (OWLOntologyChange ch : checkAdds) {
                if (s.man.applyChange(ch)
                        .equals(
                                org.semanticweb.owlapi.model.parameters.ChangeApplied
                                        .SUCCESSFULLY)) {
                    back.add(0, ch.reverseChange());
                }
            }
            FunctionalSyntaxDocumentFormat fn = new FunctionalSyntaxDocumentFormat();
            copyPrefixes(s.man.getOntologyFormat(o), fn);
            save(s, o, fn, new File(checkPath));
            progress.report("write", 1.0);
        } finally {
            for (OWLOntologyChange ch : back) {
                s.man.applyChange(ch);
            }
            s.disposeReasoner();
        }
        JsonObject out = new JsonObject();
        out.addProperty("out", outPath);
        out.addProperty("checkOut", checkPath);
        out.addProperty("format", s.format.label);
        out.addProperty("definitionsAdded", defsAdded);
        out.addProperty("definitionsExtended", defsExtended);
        out.addProperty("axiomsRemoved", axiomsRemoved);
        out.addProperty("axiomsRewritten", axiomsRewritten);
        return out;
    }

    private static String str(JsonObject req, String key) throws BridgeException {
        JsonElement e = req.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new BridgeException("BAD_REQUEST", "The request needs a \"" + key + "\" string.");
        }
        return e.getAsString();
    }

    private static OWLDocumentFormat formatFor(Session s) {
        OWLDocumentFormat loaded = s.man.getOntologyFormat(s.root);
        OWLDocumentFormat f;
        switch (s.format) {
            case RDFXML:
                f = new RDFXMLDocumentFormat();
                break;
            case OWLXML:
                f = new OWLXMLDocumentFormat();
                break;
            case TURTLE:
                f = new TurtleDocumentFormat();
                break;
            case OBO:
                f = new OBODocumentFormat();
                // the input loaded as it is; the writer's validation would refuse what real OBO
                // files carry,
                // e.g. envo.obo's stanzas with two comment: lines
                f.setParameter(OBODocumentFormat.VALIDATION, Boolean.FALSE);
                break;
            default:
                f = new FunctionalSyntaxDocumentFormat();
                break;
        }
        copyPrefixes(loaded, f);
        return f;
    }

    private static void copyPrefixes(OWLDocumentFormat from, OWLDocumentFormat to) {
        if (from instanceof PrefixDocumentFormat && to instanceof PrefixDocumentFormat) {
            ((PrefixDocumentFormat) to).copyPrefixesFrom((PrefixDocumentFormat) from);
        }
    }

    private static void save(Session s, OWLOntology o, OWLDocumentFormat f, File file)
            throws BridgeException {
        File parent = file.getAbsoluteFile().getParentFile();
        if (parent != null) {
            parent.mkdirs();
        }
        try (OutputStream os = new FileOutputStream(file)) {
            s.man.saveOntology(o, f, os);
        } catch (IOException | org.semanticweb.owlapi.model.OWLOntologyStorageException e) {
            throw new BridgeException(
                    "INTERNAL",
                    "Could not write " + file.getPath() + ": " + ParseErrors.shortCause(e) + ".",
                    e);
        }
    }
}
