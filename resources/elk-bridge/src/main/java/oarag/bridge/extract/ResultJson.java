package oarag.bridge.extract;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import oarag.bridge.common.Json;
import oarag.bridge.load.NonElCounter;
import oarag.bridge.model.Session;
import oarag.bridge.model.Warning;
import org.semanticweb.owlapi.model.IRI;

/** The result objects of the load and extract commands. */
public final class ResultJson {
    private ResultJson() {}

    public static JsonObject load(Session s) {
        return load(s, s.classCount(), s.objectPropertyCount());
    }

    /**
     * The load result with the counts given (OWL API recomputes its signature after every edit: 0.2
     * s at GO).
     */
    public static JsonObject load(Session s, int classes, int objectProperties) {
        JsonObject o = new JsonObject();
        o.addProperty(
                "ontologyIri",
                s.root.getOntologyID().getOntologyIRI().map(IRI::toString).orElse(null));
        o.addProperty(
                "versionIri",
                s.root.getOntologyID().getVersionIRI().map(IRI::toString).orElse(null));
        o.addProperty("format", s.format.label);
        o.addProperty("classes", classes);
        o.addProperty("objectProperties", objectProperties);
        o.addProperty("axioms", s.axiomCount());
        JsonArray imps = new JsonArray();
        s.imports.forEach(
                (iri, p) -> {
                    JsonObject i = new JsonObject();
                    i.addProperty("iri", iri);
                    i.addProperty("path", p);
                    imps.add(i);
                });
        o.add("imports", imps);
        JsonArray tree = new JsonArray();
        for (oarag.bridge.model.ImportEntry e : s.importTree) {
            JsonObject i = new JsonObject();
            i.addProperty("iri", e.iri);
            i.addProperty("parent", e.parent);
            i.addProperty("path", e.path);
            i.addProperty("origin", e.origin);
            i.addProperty("classes", e.classes);
            i.addProperty("axioms", e.axioms);
            JsonArray terms = new JsonArray();
            e.terms.forEach(terms::add);
            i.add("terms", terms);
            tree.add(i);
        }
        o.add("importTree", tree);
        JsonArray ws = new JsonArray();
        for (Warning w : s.warnings) {
            JsonObject x = new JsonObject();
            x.addProperty("code", w.code);
            x.addProperty("message", w.message);
            if (w.iri != null) {
                x.addProperty("iri", w.iri);
            }
            if (w.counts != null) {
                JsonObject c = new JsonObject();
                w.counts.forEach(c::addProperty);
                x.add("counts", c);
            }
            ws.add(x);
        }
        o.add("warnings", ws);
        JsonArray outside = new JsonArray();
        NonElCounter.present(s.outsideEl).forEach(outside::add);
        o.add("outsideEl", outside);
        return o;
    }

    /**
     * The extract result. {@code seconds} holds wall-clock seconds (3 decimals) per phase:
     *
     * <ul>
     *   <li>{@code classify}: prepare + elk + taxonomy, measured as one span (the "classify"
     *       progress stage);
     *   <li>{@code closure}: the named hierarchy (topological order, minimal named parents) and the
     *       existential closure (filler fixpoint, links) (the "closure" stage);
     *   <li>{@code write}: serialising the dump after the closure (the "write" stage; the records
     *       that need no reasoning are written on a second thread during the closure);
     *   <li>{@code parse}: the load request that created the session (sniffing, depth check, OWL
     *       API parsing with imports, non-EL count), repeated by every extract on that session;
     *   <li>{@code prepare}: signature, role index and compositions, attachments, fresh
     *       definitions;
     *   <li>{@code elk}: ELK classification proper (axiom loading, saturation, taxonomy, reasoner
     *       shutdown);
     *   <li>{@code taxonomy}: the walk of ELK's taxonomy into node arrays.
     * </ul>
     *
     * classify, closure and write keep the meaning they had before the finer keys; parse, prepare,
     * elk, taxonomy, closure and write do not overlap.
     */
    public static JsonObject extract(ExtractResult r, double parseSeconds) {
        JsonObject o = new JsonObject();
        o.addProperty("records", r.records);
        o.addProperty("unsatisfiable", r.unsatisfiable);
        o.addProperty("links", r.links);
        o.addProperty("fillers", r.fillers);
        o.addProperty("freshClasses", r.freshClasses);
        if (r.inconsistent) {
            o.addProperty("inconsistent", true);
        }
        JsonObject sec = new JsonObject();
        sec.addProperty("classify", Json.round(r.secClassify));
        sec.addProperty("closure", Json.round(r.secClosure));
        sec.addProperty("write", Json.round(r.secWrite));
        sec.addProperty("parse", Json.round(parseSeconds));
        sec.addProperty("prepare", Json.round(r.secPrepare));
        sec.addProperty("elk", Json.round(r.secElk));
        sec.addProperty("taxonomy", Json.round(r.secTaxonomy));
        o.add("seconds", sec);
        return o;
    }

    /**
     * The reload result: load's fields for the edited file, extract's, and how the reload went
     * ({@code incremental}, {@code reason}, {@code diff}). lead holds the seconds of an incremental
     * reload's diff and apply (which then replace {@code parse}); null for a full one.
     */
    static JsonObject reload(
            Session s, ExtractResult r, String reason, int added, int removed, double[] lead) {
        JsonObject o = load(s, r.classes, r.objectProperties);
        JsonObject ex = extract(r, 0);
        for (String k : ex.keySet()) {
            o.add(k, ex.get(k));
        }
        JsonObject sec = o.getAsJsonObject("seconds");
        sec.remove("parse");
        if (lead != null) {
            sec.addProperty("diff", Json.round(lead[0]));
            sec.addProperty("apply", Json.round(lead[1]));
        }
        o.addProperty("incremental", lead != null);
        o.addProperty("reason", reason);
        o.addProperty("dump", r.delta != null ? "delta" : "full");
        JsonObject work = new JsonObject();
        work.addProperty("nodes", r.work.nodes);
        work.addProperty("nodesWalked", r.work.nodesWalked);
        work.addProperty("fillerSets", r.work.fillerSets);
        work.addProperty("fillerSetsComputed", r.work.fillerSetsComputed);
        o.add("closureWork", work);
        if (r.delta != null) {
            JsonObject d = new JsonObject();
            d.addProperty("changed", r.delta.changed.size());
            d.addProperty("gone", r.delta.gone.size());
            o.add("groups", d);
        }
        // a full load counts no axioms: a "diff" of 0/0 would say nothing changed
        if (lead != null) {
            JsonObject d = new JsonObject();
            d.addProperty("added", added);
            d.addProperty("removed", removed);
            o.add("diff", d);
        }
        return o;
    }
}
