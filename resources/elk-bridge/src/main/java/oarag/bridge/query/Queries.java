package oarag.bridge.query;

import static oarag.bridge.common.Requests.array;
import static oarag.bridge.common.Requests.str;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import oarag.bridge.classify.ClassifyMonitor;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owl.interfaces.ElkAxiom;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.elk.owlapi.wrapper.OwlConverter;
import org.semanticweb.elk.reasoner.query.VerifiableQueryResult;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.reasoner.InconsistentOntologyException;
import org.semanticweb.owlapi.reasoner.Node;

/**
 * The commands answered by ELK's own reasoner over the loaded ontology as it is (no helper
 * classes): entailed, superclasses, subclasses and explain. TypeScript uses them to validate the
 * closure and to explain answers.
 */
public final class Queries {
    private Queries() {}

    private static ElkReasoner reasoner(Session s, Progress progress) {
        boolean fresh = !s.hasReasoner();
        if (fresh) {
            progress.report("classify", 0.0);
        }
        ElkReasoner r = s.reasoner(new ClassifyMonitor(progress));
        if (fresh) {
            progress.report("classify", 1.0);
        }
        return r;
    }

    private static OWLAxiom goal(Session s, String sub, String r, String sup) {
        return s.df.getOWLSubClassOfAxiom(s.df.getOWLClass(IRI.create(sub)), condition(s, r, sup));
    }

    /** ∃r.sup, or sup itself when r is null (subsumption). */
    private static OWLClassExpression condition(Session s, String r, String sup) {
        OWLClass b = s.df.getOWLClass(IRI.create(sup));
        return r == null
                ? b
                : s.df.getOWLObjectSomeValuesFrom(s.df.getOWLObjectProperty(IRI.create(r)), b);
    }

    private static boolean isEntailed(Session s, ElkReasoner r, OWLAxiom ax) {
        if (!s.isConsistent()) {
            return true; // everything follows from an inconsistent ontology
        }
        try {
            return r.isEntailed(ax);
        } catch (InconsistentOntologyException e) {
            return true;
        }
    }

    public static JsonObject entailed(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        JsonArray qs = array(req, "queries");
        List<OWLAxiom> axioms = new ArrayList<>();
        for (JsonElement q : qs) {
            if (!q.isJsonObject()) {
                throw new BridgeException(
                        "BAD_REQUEST", "Each query must be an object {sub, r, sup}.");
            }
            JsonObject qo = q.getAsJsonObject();
            axioms.add(goal(s, str(qo, "sub", true), str(qo, "r", false), str(qo, "sup", true)));
        }
        ElkReasoner r = reasoner(s, progress);
        JsonArray ans = new JsonArray();
        boolean[] batch = batchEntailed(s, r, axioms);
        for (int i = 0; i < axioms.size(); i++) {
            ans.add(new JsonPrimitive(batch != null ? batch[i] : isEntailed(s, r, axioms.get(i))));
        }
        JsonObject o = new JsonObject();
        o.add("answers", ans);
        return o;
    }

    /**
     * All queries in one ELK entailment computation (much faster than one by one); null if that
     * fails.
     */
    private static boolean[] batchEntailed(Session s, ElkReasoner r, List<OWLAxiom> axioms) {
        boolean[] out = new boolean[axioms.size()];
        if (!s.isConsistent()) {
            Arrays.fill(out, true);
            return out;
        }
        if (axioms.size() < 2) {
            return null;
        }
        try {
            OwlConverter conv = OwlConverter.getInstance();
            List<ElkAxiom> elk = new ArrayList<>();
            for (OWLAxiom ax : axioms) {
                elk.add(conv.convert(ax));
            }
            Map<ElkAxiom, VerifiableQueryResult> res = r.getInternalReasoner().checkEntailment(elk);
            for (int i = 0; i < elk.size(); i++) {
                VerifiableQueryResult q = res.get(elk.get(i));
                if (q == null) {
                    return null;
                }
                out[i] = q.entailmentProved();
            }
            return out;
        } catch (Exception e) {
            System.err.println("[elk-bridge] batch entailment failed, checking one by one: " + e);
            return null;
        }
    }

    public static JsonObject superclasses(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        List<String> iris = new ArrayList<>();
        for (JsonElement e : array(req, "iris")) {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                throw new BridgeException("BAD_REQUEST", "\"iris\" must be an array of strings.");
            }
            iris.add(e.getAsString());
        }
        ElkReasoner r = reasoner(s, progress);
        JsonArray ans = new JsonArray();
        for (String iri : iris) {
            JsonArray a = new JsonArray();
            TreeSet<String> sorted = new TreeSet<>();
            try {
                if (!s.isConsistent()) {
                    ans.add(a);
                    continue;
                }
                OWLClass cls = s.df.getOWLClass(IRI.create(iri));
                if (r.getBottomClassNode().contains(cls)) {
                    ans.add(a); // unsatisfiable: no meaningful parents (ELK would list every leaf
                    // class)
                    continue;
                }
                for (Node<OWLClass> n : r.getSuperClasses(cls, true)) {
                    for (OWLClass c : n) {
                        if (!c.isOWLThing()) {
                            sorted.add(c.getIRI().toString());
                        }
                    }
                }
            } catch (InconsistentOntologyException e) {
                // no meaningful hierarchy in an inconsistent ontology
            }
            sorted.forEach(a::add);
            ans.add(a);
        }
        JsonObject o = new JsonObject();
        o.add("answers", ans);
        return o;
    }

    /**
     * ELK's named satisfiable subclasses of a conjunction of conditions, for validating SELECT and
     * OQ answer sets. ELK 0.6's getSubClasses(expr, false) drops direct subclasses (elk-reasoner
     * #70), so the direct answer and the equivalents are unioned in.
     */
    public static JsonObject subclasses(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        JsonArray qs = array(req, "queries");
        List<OWLClassExpression> exprs = new ArrayList<>();
        for (JsonElement q : qs) {
            JsonElement and = q.isJsonObject() ? q.getAsJsonObject().get("and") : null;
            if (and == null || !and.isJsonArray() || and.getAsJsonArray().size() == 0) {
                throw new BridgeException(
                        "BAD_REQUEST", "Each query must be an object {and: [{r, sup}, ...]}.");
            }
            Set<OWLClassExpression> parts = new LinkedHashSet<>();
            for (JsonElement c : and.getAsJsonArray()) {
                if (!c.isJsonObject()) {
                    throw new BridgeException(
                            "BAD_REQUEST", "Each condition must be an object {r, sup}.");
                }
                JsonObject co = c.getAsJsonObject();
                parts.add(condition(s, str(co, "r", false), str(co, "sup", true)));
            }
            exprs.add(
                    parts.size() == 1
                            ? parts.iterator().next()
                            : s.df.getOWLObjectIntersectionOf(parts));
        }
        ElkReasoner r = reasoner(s, progress);
        JsonArray ans = new JsonArray();
        Set<OWLClass> bottom =
                s.isConsistent() ? r.getBottomClassNode().getEntities() : Collections.emptySet();
        for (OWLClassExpression e : exprs) {
            TreeSet<String> sorted = new TreeSet<>();
            if (s.isConsistent()) {
                try {
                    Consumer<OWLClass> add =
                            c -> {
                                if (!c.isOWLThing() && !c.isOWLNothing() && !bottom.contains(c)) {
                                    sorted.add(c.getIRI().toString());
                                }
                            };
                    r.getSubClasses(e, false).entities().forEach(add);
                    r.getSubClasses(e, true).entities().forEach(add);
                    r.getEquivalentClasses(e).entities().forEach(add);
                } catch (InconsistentOntologyException ex) {
                    // handled as no answers below
                }
            }
            JsonArray a = new JsonArray();
            sorted.forEach(a::add);
            ans.add(a);
        }
        JsonObject o = new JsonObject();
        o.add("answers", ans);
        return o;
    }

    public static JsonObject explain(Session s, JsonObject req, Progress progress)
            throws BridgeException {
        OWLAxiom g = goal(s, str(req, "sub", true), str(req, "r", false), str(req, "sup", true));
        ElkReasoner r = reasoner(s, progress);
        JsonObject o = new JsonObject();
        boolean ent = isEntailed(s, r, g);
        o.addProperty("entailed", ent);
        JsonArray axs = new JsonArray();
        // "limit" > 1 asks for up to that many justifications; without it, one (as before).
        int limit = req.has("limit") ? Math.max(1, Math.min(50, req.get("limit").getAsInt())) : 1;
        if (ent) {
            Render render = new Render(s);
            if (limit > 1) {
                boolean[] more = new boolean[1];
                JsonArray all = new JsonArray();
                for (List<OWLAxiom> j : Explainer.justifyAll(s, r, g, limit, more)) {
                    all.add(axiomsJson(render, j));
                }
                if (all.size() == 0) {
                    throw new BridgeException(
                            "INTERNAL", "No justification could be computed for this entailment.");
                }
                o.add("justifications", all);
                o.addProperty("more", more[0]);
                axs = all.get(0).getAsJsonArray();
            } else {
                List<OWLAxiom> just = Explainer.justify(s, r, g);
                if (just == null) {
                    throw new BridgeException(
                            "INTERNAL", "No justification could be computed for this entailment.");
                }
                axs = axiomsJson(render, just);
            }
        }
        o.add("axioms", axs);
        return o;
    }

    private static JsonArray axiomsJson(Render render, List<OWLAxiom> just) {
        JsonArray axs = new JsonArray();
        for (OWLAxiom ax : just) {
            JsonObject a = new JsonObject();
            a.addProperty("functional", Render.functional(ax));
            a.addProperty("text", render.axiom(ax));
            a.addProperty("manchester", ManchesterText.of(ax));
            a.add("entities", ManchesterText.entities(ax));
            axs.add(a);
        }
        return axs;
    }
}
