package oarag.bridge.server;

import static oarag.bridge.common.Requests.str;

import com.google.gson.JsonObject;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import oarag.bridge.classify.ClassifyMonitor;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Json;
import oarag.bridge.common.Progress;
import oarag.bridge.dl.DlCommands;
import oarag.bridge.extract.Extractor;
import oarag.bridge.extract.Reloader;
import oarag.bridge.extract.ResultJson;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;
import oarag.bridge.query.ClassAxioms;
import oarag.bridge.query.DlQuery;
import oarag.bridge.query.Queries;
import oarag.bridge.query.ToldParents;
import oarag.bridge.revise.Reviser;

/** Dispatches one request to its command, over the one loaded ontology (the session). */
public final class Commands {
    static final String VERSION = "0.1.0";
    static final String ELK_VERSION = "0.6.0";

    private Session session;

    /** Seconds the load that created the session took (reported as seconds.parse by extract). */
    private double parseSeconds;

    public JsonObject handle(String cmd, JsonObject req, Progress progress) throws Exception {
        switch (cmd) {
            case "ping":
                return ping();
            case "load":
                return load(req, progress);
            case "extract":
                return extract(req, progress);
            case "reload":
                return reload(req, progress);
            case "entailed":
                return Queries.entailed(need(), req, progress);
            case "superclasses":
                return Queries.superclasses(need(), req, progress);
            case "subclasses":
                return Queries.subclasses(need(), req, progress);
            case "explain":
                return Queries.explain(need(), req, progress);
            case "classAxioms":
                return ClassAxioms.run(need(), req);
            case "dlQuery":
                return DlQuery.run(need(), req, progress);
            case "toldParents":
                return ToldParents.run(need());
            case "reviseStrip":
                return Reviser.strip(need(), req, progress);
            case "reviseWrite":
                need().dropWarm(); // it edits the ontology and restores it; a reload then starts
                // afresh
                return Reviser.write(need(), req, progress);
            case "elkSatisfiable":
                return DlCommands.elkSatisfiable(
                        need(), need().reasoner(new ClassifyMonitor(progress)), req);
            case "bottomFacts":
                return DlCommands.bottomFacts(need());
            case "dlCheck":
                return DlCommands.dlCheck(need(), req);
            case "dlWhole":
                return DlCommands.dlWhole(need(), req);
            case "explainContradiction":
                return DlCommands.explainContradiction(need(), req);
            case "collect":
                return collect();
            case "shutdown":
                return new JsonObject();
            default:
                throw new BridgeException("BAD_REQUEST", "Unknown command \"" + cmd + "\".");
        }
    }

    /**
     * A full garbage collection, asked for while the client has nothing for the bridge to do: a
     * load or reload leaves a few hundred MB of its passing structures in the old generation, and
     * the next reload would otherwise stop for a full collection of about a second (GO 50k) in the
     * middle of its work.
     */
    private static JsonObject collect() {
        Runtime rt = Runtime.getRuntime();
        long t0 = System.nanoTime();
        System.gc();
        JsonObject o = new JsonObject();
        o.addProperty("heapUsedMb", (rt.totalMemory() - rt.freeMemory()) >> 20);
        o.addProperty("seconds", Json.round((System.nanoTime() - t0) / 1e9));
        return o;
    }

    /**
     * Drops the reasoners after an out-of-memory or stack overflow, so the session stays usable.
     */
    void disposeReasoner() {
        if (session != null) {
            session.disposeReasoner();
            session.dropWarm();
        }
    }

    /** The session, or null (for tests). */
    public Session current() {
        return session;
    }

    private Session need() throws BridgeException {
        if (session == null) {
            throw new BridgeException(
                    "NO_ONTOLOGY", "No ontology is loaded; send a load request first.");
        }
        return session;
    }

    private static JsonObject ping() {
        JsonObject o = new JsonObject();
        o.addProperty("version", VERSION);
        o.addProperty("owlapi", owlapiVersion());
        o.addProperty("elk", ELK_VERSION);
        return o;
    }

    static String owlapiVersion() {
        try (InputStream in =
                Commands.class.getResourceAsStream(
                        "/META-INF/maven/net.sourceforge.owlapi/owlapi-api/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null) {
                    return v;
                }
            }
        } catch (IOException ignore) {
            // fall through
        }
        return "5.1.20";
    }

    private JsonObject load(JsonObject req, Progress progress) throws BridgeException {
        String path = str(req, "path", true);
        if (session != null) {
            session.dispose();
            session = null;
            System.gc();
        }
        long t0 = System.nanoTime();
        Session s = Loader.load(new File(path), resolution(req), progress);
        parseSeconds = (System.nanoTime() - t0) / 1e9;
        session = s;
        return ResultJson.load(s);
    }

    private JsonObject extract(JsonObject req, Progress progress) throws Exception {
        Session s = need();
        String outPath = str(req, "out", true);
        return ResultJson.extract(Extractor.run(s, progress, new File(outPath)), parseSeconds);
    }

    private JsonObject reload(JsonObject req, Progress progress)
            throws BridgeException, IOException {
        String path = str(req, "path", true);
        String outPath = str(req, "out", true);
        Reloader.Slot slot =
                new Reloader.Slot() {
                    @Override
                    public Session get() {
                        return session;
                    }

                    @Override
                    public void set(Session s, double parse) {
                        session = s;
                        parseSeconds = parse;
                    }
                };
        boolean delta =
                req.has("delta")
                        && req.get("delta").isJsonPrimitive()
                        && req.getAsJsonPrimitive("delta").isBoolean()
                        && req.get("delta").getAsBoolean();
        return Reloader.run(
                slot, new File(path), resolution(req), new File(outPath), progress, delta);
    }

    /** The request's import resolution: catalog, base folder and allowed roots, all optional. */
    private static oarag.bridge.load.Resolution resolution(JsonObject req) throws BridgeException {
        String catalog = str(req, "catalog", false);
        String base = str(req, "base", false);
        java.util.List<File> roots = null;
        if (req.has("roots") && req.get("roots").isJsonArray()) {
            roots = new java.util.ArrayList<>();
            for (com.google.gson.JsonElement r : req.getAsJsonArray("roots")) {
                if (r.isJsonPrimitive()) {
                    roots.add(new File(r.getAsString()));
                }
            }
        }
        oarag.bridge.load.Resolution r =
                new oarag.bridge.load.Resolution(
                        catalog == null ? null : new File(catalog),
                        base == null ? null : new File(base),
                        roots);
        r.lenient =
                req.has("catalogFound")
                        && req.get("catalogFound").isJsonPrimitive()
                        && req.get("catalogFound").getAsBoolean();
        return r;
    }
}
