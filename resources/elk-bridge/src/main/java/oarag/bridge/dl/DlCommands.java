package oarag.bridge.dl;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Set;
import oarag.bridge.common.BridgeException;
import oarag.bridge.model.Render;
import oarag.bridge.model.Session;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * The bridge commands of three-valued verdicts, each one step the TypeScript policy orders:
 * elkSatisfiable, dlCheck (the STAR module, whether it is all EL, and optionally a DL reasoner on
 * it within a deadline), bottomFacts and explainContradiction.
 */
public final class DlCommands {
    private DlCommands() {}

    /** The longest deadline a request may ask for. */
    static final long MAX_DEADLINE_MS = 600_000;

    public static JsonObject elkSatisfiable(Session s, ElkReasoner r, JsonObject req)
            throws BridgeException {
        Statement st = Statement.of(s.df, req);
        long t0 = System.nanoTime();
        JsonObject o = new JsonObject();
        o.addProperty("satisfiable", ElkSatisfiable.satisfiable(s, r, st));
        o.addProperty("ms", (System.nanoTime() - t0) / 1_000_000);
        return o;
    }

    public static JsonObject bottomFacts(Session s) {
        return ElkSatisfiable.bottomFacts(s.closure);
    }

    /**
     * The statement's module and whether ELK reads it whole; with {@code reasoner: "hermit"} and
     * the module outside EL, HermiT decides on it within {@code deadlineMs}.
     */
    public static JsonObject dlCheck(Session s, JsonObject req) throws BridgeException {
        Statement st = Statement.of(s.df, req);
        long deadline = deadline(req);
        String which = req.has("reasoner") ? req.get("reasoner").getAsString() : "none";
        long t0 = System.nanoTime();
        Set<OWLAxiom> module = ModuleIndex.of(s).module(st.signature());
        boolean el = ModuleIndex.allEl(module);
        JsonObject o = new JsonObject();
        o.addProperty("moduleAxioms", module.size());
        o.addProperty("el", el);
        o.addProperty("moduleMs", (System.nanoTime() - t0) / 1_000_000);
        // always: the reasoner runs on an EL module too (a reference for measurements)
        if ((!el || flag(req, "always")) && !"none".equals(which)) {
            if (!"hermit".equals(which)) {
                throw new BridgeException("BAD_REQUEST", "Unknown DL reasoner \"" + which + "\".");
            }
            DlReasoner.Outcome out = DlReasoner.check(DlReasoner.HERMIT, module, st, deadline);
            o.addProperty("reasoner", which);
            o.addProperty("settled", out.settled);
            o.addProperty("entailed", out.entailed);
            o.addProperty("satisfiable", out.satisfiable);
            o.addProperty("timedOut", out.timedOut);
            if (out.error != null) {
                o.addProperty("error", out.error);
            }
            o.addProperty("ms", out.ms);
        }
        return o;
    }

    /**
     * HermiT on every logical axiom for each of {@code queries} (one reasoner for all): the
     * reference the module checks are tested against, never used for verdicts.
     */
    public static JsonObject dlWhole(Session s, JsonObject req) throws BridgeException {
        List<Statement> sts = new java.util.ArrayList<>();
        for (JsonElement q : oarag.bridge.common.Requests.array(req, "queries")) {
            if (!q.isJsonObject()) {
                throw new BridgeException(
                        "BAD_REQUEST", "Each query must be an object {sub, r, sup}.");
            }
            sts.add(Statement.of(s.df, q.getAsJsonObject()));
        }
        JsonArray answers = new JsonArray();
        for (DlReasoner.Outcome out :
                DlReasoner.checkAll(
                        DlReasoner.HERMIT, ModuleIndex.allLogical(s), sts, deadline(req))) {
            JsonObject a = new JsonObject();
            a.addProperty("settled", out.settled);
            a.addProperty("entailed", out.entailed);
            a.addProperty("satisfiable", out.satisfiable);
            a.addProperty("ms", out.ms);
            answers.add(a);
        }
        JsonObject o = new JsonObject();
        o.add("answers", answers);
        return o;
    }

    /**
     * The axioms of the module that make A ⊓ ∃r.B unsatisfiable (empty: none found in time); with
     * {@code entailed: true}, those that entail A ⊑ ∃r.B by HermiT (a DL reasoner's ENTAILED, which
     * ELK's own justifications cannot give).
     */
    public static JsonObject explainContradiction(Session s, JsonObject req)
            throws BridgeException {
        Statement st = Statement.of(s.df, req);
        Set<OWLAxiom> module = ModuleIndex.of(s).module(st.signature());
        List<OWLAxiom> j;
        if (flag(req, "entailed")) {
            j = UnsatJustifier.justify(module, st, UnsatJustifier.Goal.DL_ENTAILED, deadline(req));
        } else {
            boolean elk = ModuleIndex.allEl(module) || flag(req, "elk");
            j =
                    UnsatJustifier.justify(
                            module,
                            st,
                            elk ? UnsatJustifier.Goal.ELK_UNSAT : UnsatJustifier.Goal.DL_UNSAT,
                            deadline(req));
            if (j == null && elk && !ModuleIndex.allEl(module)) {
                j = UnsatJustifier.justify(module, st, UnsatJustifier.Goal.DL_UNSAT, deadline(req));
            }
        }
        JsonArray axioms = new JsonArray();
        if (j != null) {
            Render render = new Render(s);
            for (OWLAxiom ax : j) {
                JsonObject a = new JsonObject();
                a.addProperty("functional", Render.functional(ax));
                a.addProperty("text", render.axiom(ax));
                axioms.add(a);
            }
        }
        JsonObject o = new JsonObject();
        o.addProperty("found", j != null);
        o.add("axioms", axioms);
        return o;
    }

    private static boolean flag(JsonObject req, String key) {
        JsonElement e = req.get(key);
        return e != null && e.isJsonPrimitive() && e.getAsBoolean();
    }

    private static long deadline(JsonObject req) throws BridgeException {
        JsonElement e = req.get("deadlineMs");
        if (e == null || e.isJsonNull()) {
            return 2000;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw new BridgeException("BAD_REQUEST", "\"deadlineMs\" must be a number.");
        }
        long ms = e.getAsLong();
        if (ms < 1 || ms > MAX_DEADLINE_MS) {
            throw new BridgeException(
                    "BAD_REQUEST", "\"deadlineMs\" must be between 1 and " + MAX_DEADLINE_MS + ".");
        }
        return ms;
    }
}
