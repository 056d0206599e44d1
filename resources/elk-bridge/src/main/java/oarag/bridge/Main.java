package oarag.bridge;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.reasoner.InconsistentOntologyException;
import org.semanticweb.owlapi.reasoner.Node;

/**
 * OA-RAG ELK bridge: JSON lines on stdin/stdout (see docs/bridge-protocol.md). stdout carries protocol lines only;
 * everything else (library logging, stack traces) goes to stderr.
 */
public final class Main {
    static final String VERSION = "0.1.0";
    static final String ELK_VERSION = "0.6.0";

    private static PrintStream out;
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
    private static Session session;

    private Main() {}

    public static void main(String[] args) throws Exception {
        out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16), false,
            StandardCharsets.UTF_8);
        System.setOut(System.err); // anything a library prints must not corrupt the protocol
        disableNetwork();
        if (args.length >= 1 && args[0].equals("serve")) {
            // Deeply nested class expressions recurse in the parsers and in ELK; a large stack lets them reach the
            // depth limit (Depth.DEFAULT_LIMIT) and fail there with a clear message, not with StackOverflowError.
            Thread worker = new Thread(null, () -> {
                try {
                    serve();
                } catch (IOException e) {
                    System.err.println("[elk-bridge] " + e);
                    System.exit(1);
                }
            }, "bridge-serve", 1L << 30);
            worker.start();
            worker.join();
            return;
        }
        if (args.length >= 3 && args[0].equals("extract")) {
            // debugging convenience: extract <ontology> <out.ndjson> [catalog]
            long t0 = System.nanoTime();
            Session s = Loader.load(new File(args[1]), args.length > 3 ? new File(args[3]) : null,
                (st, f) -> System.err.printf("[%s %.2f]%n", st, f));
            System.err.printf("loaded in %.2fs%n", (System.nanoTime() - t0) / 1e9);
            out.println(GSON.toJson(extractResult(Extractor.run(s, Progress.NONE, new File(args[2])))));
            out.flush();
            return;
        }
        if (args.length >= 2 && args[0].equals("classify")) {
            // debugging convenience: time a plain classification
            long t0 = System.nanoTime();
            Session s = Loader.load(new File(args[1]), null, Progress.NONE);
            long t1 = System.nanoTime();
            s.reasoner(null);
            System.err.printf("load %.2fs, classify %.2fs%n", (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
            return;
        }
        System.err.println("usage: java -jar elk-bridge.jar serve");
        System.exit(2);
    }

    /** The bridge never opens network connections: http(s)/ftp URLs fail immediately. */
    static void disableNetwork() {
        try {
            URL.setURLStreamHandlerFactory(protocol -> {
                if ("http".equals(protocol) || "https".equals(protocol) || "ftp".equals(protocol)) {
                    return new URLStreamHandler() {
                        @Override
                        protected URLConnection openConnection(URL u) throws IOException {
                            throw new IOException("network access is disabled (" + u + ")");
                        }
                    };
                }
                return null;
            });
        } catch (Error e) {
            // a factory was already installed; ignore
        }
    }

    // =============================================================================================== serving

    private static synchronized void send(JsonObject o) {
        out.print(GSON.toJson(o));
        out.print('\n');
        out.flush();
    }

    /** Set while a request runs: an end of stdin then means the client is gone, so nothing waits for the answer. */
    private static volatile boolean busy;
    private static final String EOF = new String("<eof>");

    /**
     * Reads request lines on their own thread. When stdin ends (the parent exited, even by kill -9) while a request
     * runs, the JVM halts at once instead of finishing work nobody reads, and leaves no half-written files running.
     */
    private static java.util.concurrent.BlockingQueue<String> readRequests() {
        java.util.concurrent.BlockingQueue<String> q = new java.util.concurrent.LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            try {
                String l;
                while ((l = in.readLine()) != null) {
                    q.add(l);
                }
            } catch (IOException e) {
                // a broken pipe is an end of input too
            }
            if (busy) {
                System.err.println("[elk-bridge] stdin closed during a request; exiting");
                Runtime.getRuntime().halt(0);
            }
            q.add(EOF);
        }, "stdin-watchdog");
        reader.setDaemon(true);
        reader.start();
        return q;
    }

    private static void serve() throws IOException {
        java.util.concurrent.BlockingQueue<String> queue = readRequests();
        for (;;) {
            String line;
            try {
                line = queue.take();
            } catch (InterruptedException e) {
                break;
            }
            if (line == EOF) {
                break;
            }
            if (line.isBlank()) {
                continue;
            }
            busy = true;
            JsonElement id = JsonNull.INSTANCE;
            String cmd = null;
            try {
                JsonElement parsed;
                try {
                    parsed = JsonParser.parseString(line);
                } catch (RuntimeException e) {
                    throw new BridgeException("BAD_REQUEST", "The request line is not valid JSON.");
                }
                if (!parsed.isJsonObject()) {
                    throw new BridgeException("BAD_REQUEST", "The request must be a JSON object.");
                }
                JsonObject req = parsed.getAsJsonObject();
                if (req.has("id")) {
                    id = req.get("id");
                }
                JsonElement c = req.get("cmd");
                if (c == null || !c.isJsonPrimitive() || !c.getAsJsonPrimitive().isString()) {
                    throw new BridgeException("BAD_REQUEST", "The request has no \"cmd\" string.");
                }
                cmd = c.getAsString();
                JsonObject result = handle(cmd, req, new ClientProgress(id));
                result.addProperty("type", "result");
                JsonObject msg = new JsonObject();
                msg.add("id", id);
                for (String k : result.keySet()) {
                    msg.add(k, result.get(k));
                }
                send(msg);
                if (cmd.equals("shutdown")) {
                    out.flush();
                    System.exit(0);
                }
            } catch (BridgeException e) {
                if (e.getCause() != null) {
                    System.err.println("[elk-bridge] " + e.code + ": " + e.getMessage() + " (" + e.getCause() + ")");
                }
                sendError(id, e.code, e.getMessage());
            } catch (OutOfMemoryError e) {
                if (session != null) {
                    session.disposeReasoner();
                }
                System.gc();
                sendError(id, "OUT_OF_MEMORY", "The bridge ran out of memory" + (cmd == null ? "" : " during " + cmd)
                    + "; allow it a larger heap (-Xmx) or use a smaller ontology.");
            } catch (StackOverflowError e) {
                if (session != null) {
                    session.disposeReasoner();
                }
                sendError(id, "TOO_DEEP", "The ontology nests expressions too deeply to process"
                    + (cmd == null ? "" : " during " + cmd) + "; flatten the deepest class expressions.");
            } catch (Throwable e) {
                System.err.println("[elk-bridge] internal error in " + cmd + ":");
                e.printStackTrace(System.err);
                sendError(id, "INTERNAL", "Internal error in " + (cmd == null ? "the request" : cmd) + ": "
                    + ParseErrors.shortCause(e) + ".");
            } finally {
                busy = false;
            }
        }
        out.flush();
        System.exit(0);
    }

    private static void sendError(JsonElement id, String code, String message) {
        JsonObject o = new JsonObject();
        o.add("id", id);
        o.addProperty("type", "error");
        o.addProperty("code", code);
        o.addProperty("message", message);
        send(o);
    }

    /** Forwards progress lines, at most one per ~100 ms per stage, fractions never decreasing. */
    static final class ClientProgress implements Progress {
        private final JsonElement id;
        private String stage;
        private double last = -1;
        private long lastAt;

        ClientProgress(JsonElement id) {
            this.id = id;
        }

        @Override
        public synchronized void report(String st, double fraction) {
            long now = System.nanoTime();
            boolean newStage = !st.equals(stage);
            if (!newStage && (fraction <= last || (now - lastAt < 100_000_000L && fraction < 1.0))) {
                return;
            }
            stage = st;
            last = fraction;
            lastAt = now;
            JsonObject o = new JsonObject();
            o.add("id", id);
            o.addProperty("type", "progress");
            o.addProperty("stage", st);
            o.addProperty("fraction", Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 1000.0);
            send(o);
        }
    }

    // =============================================================================================== commands

    private static JsonObject handle(String cmd, JsonObject req, Progress progress) throws Exception {
        switch (cmd) {
            case "ping":
                return ping();
            case "load":
                return load(req, progress);
            case "extract":
                return extract(req, progress);
            case "entailed":
                return entailed(req, progress);
            case "superclasses":
                return superclasses(req, progress);
            case "subclasses":
                return subclasses(req, progress);
            case "explain":
                return explain(req, progress);
            case "reviseStrip":
                return Reviser.strip(need(), req, progress);
            case "reviseWrite":
                return Reviser.write(need(), req, progress);
            case "shutdown":
                return new JsonObject();
            default:
                throw new BridgeException("BAD_REQUEST", "Unknown command \"" + cmd + "\".");
        }
    }

    private static JsonObject ping() {
        JsonObject o = new JsonObject();
        o.addProperty("version", VERSION);
        o.addProperty("owlapi", owlapiVersion());
        o.addProperty("elk", ELK_VERSION);
        return o;
    }

    static String owlapiVersion() {
        try (InputStream in = Main.class.getResourceAsStream(
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

    private static String str(JsonObject req, String key, boolean required) throws BridgeException {
        JsonElement e = req.get(key);
        if (e == null || e.isJsonNull()) {
            if (required) {
                throw new BridgeException("BAD_REQUEST", "The request needs a \"" + key + "\" string.");
            }
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new BridgeException("BAD_REQUEST", "\"" + key + "\" must be a string.");
        }
        return e.getAsString();
    }

    private static Session need() throws BridgeException {
        if (session == null) {
            throw new BridgeException("NO_ONTOLOGY", "No ontology is loaded; send a load request first.");
        }
        return session;
    }

    private static JsonObject load(JsonObject req, Progress progress) throws BridgeException {
        String path = str(req, "path", true);
        String catalog = str(req, "catalog", false);
        if (session != null) {
            session.dispose();
            session = null;
            System.gc();
        }
        Session s = Loader.load(new File(path), catalog == null ? null : new File(catalog), progress);
        session = s;
        JsonObject o = new JsonObject();
        o.addProperty("ontologyIri", s.root.getOntologyID().getOntologyIRI().map(IRI::toString).orElse(null));
        o.addProperty("versionIri", s.root.getOntologyID().getVersionIRI().map(IRI::toString).orElse(null));
        o.addProperty("format", s.format.label);
        o.addProperty("classes", s.classCount());
        o.addProperty("objectProperties", s.objectPropertyCount());
        o.addProperty("axioms", s.axiomCount());
        JsonArray imps = new JsonArray();
        s.imports.forEach((iri, p) -> {
            JsonObject i = new JsonObject();
            i.addProperty("iri", iri);
            i.addProperty("path", p);
            imps.add(i);
        });
        o.add("imports", imps);
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
        return o;
    }

    private static JsonObject extract(JsonObject req, Progress progress) throws Exception {
        Session s = need();
        String outPath = str(req, "out", true);
        return extractResult(Extractor.run(s, progress, new File(outPath)));
    }

    private static JsonObject extractResult(ExtractResult r) {
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
        o.add("seconds", sec);
        return o;
    }

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
        return r == null ? b : s.df.getOWLObjectSomeValuesFrom(s.df.getOWLObjectProperty(IRI.create(r)), b);
    }

    private static JsonArray array(JsonObject req, String name) throws BridgeException {
        JsonElement e = req.get(name);
        if (e == null || !e.isJsonArray()) {
            throw new BridgeException("BAD_REQUEST", "The request needs an array \"" + name + "\".");
        }
        return e.getAsJsonArray();
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

    private static JsonObject entailed(JsonObject req, Progress progress) throws BridgeException {
        Session s = need();
        JsonArray qs = array(req, "queries");
        List<OWLAxiom> axioms = new ArrayList<>();
        for (JsonElement q : qs) {
            if (!q.isJsonObject()) {
                throw new BridgeException("BAD_REQUEST", "Each query must be an object {sub, r, sup}.");
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

    /** All queries in one ELK entailment computation (much faster than one by one); null if that fails. */
    private static boolean[] batchEntailed(Session s, ElkReasoner r, List<OWLAxiom> axioms) {
        boolean[] out = new boolean[axioms.size()];
        if (!s.isConsistent()) {
            java.util.Arrays.fill(out, true);
            return out;
        }
        if (axioms.size() < 2) {
            return null;
        }
        try {
            org.semanticweb.elk.owlapi.wrapper.OwlConverter conv =
                org.semanticweb.elk.owlapi.wrapper.OwlConverter.getInstance();
            List<org.semanticweb.elk.owl.interfaces.ElkAxiom> elk = new ArrayList<>();
            for (OWLAxiom ax : axioms) {
                elk.add(conv.convert(ax));
            }
            java.util.Map<org.semanticweb.elk.owl.interfaces.ElkAxiom,
                org.semanticweb.elk.reasoner.query.VerifiableQueryResult> res =
                    r.getInternalReasoner().checkEntailment(elk);
            for (int i = 0; i < elk.size(); i++) {
                org.semanticweb.elk.reasoner.query.VerifiableQueryResult q = res.get(elk.get(i));
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

    private static JsonObject superclasses(JsonObject req, Progress progress) throws BridgeException {
        Session s = need();
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
                    ans.add(a); // unsatisfiable: no meaningful parents (ELK would list every leaf class)
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
     * ELK's named satisfiable subclasses of a conjunction of conditions, for validating SELECT and OQ answer
     * sets. ELK 0.6's getSubClasses(expr, false) drops direct subclasses (elk-reasoner #70), so the direct
     * answer and the equivalents are unioned in.
     */
    private static JsonObject subclasses(JsonObject req, Progress progress) throws BridgeException {
        Session s = need();
        JsonArray qs = array(req, "queries");
        List<OWLClassExpression> exprs = new ArrayList<>();
        for (JsonElement q : qs) {
            JsonElement and = q.isJsonObject() ? q.getAsJsonObject().get("and") : null;
            if (and == null || !and.isJsonArray() || and.getAsJsonArray().size() == 0) {
                throw new BridgeException("BAD_REQUEST", "Each query must be an object {and: [{r, sup}, ...]}.");
            }
            java.util.Set<OWLClassExpression> parts = new java.util.LinkedHashSet<>();
            for (JsonElement c : and.getAsJsonArray()) {
                if (!c.isJsonObject()) {
                    throw new BridgeException("BAD_REQUEST", "Each condition must be an object {r, sup}.");
                }
                JsonObject co = c.getAsJsonObject();
                parts.add(condition(s, str(co, "r", false), str(co, "sup", true)));
            }
            exprs.add(parts.size() == 1 ? parts.iterator().next() : s.df.getOWLObjectIntersectionOf(parts));
        }
        ElkReasoner r = reasoner(s, progress);
        JsonArray ans = new JsonArray();
        java.util.Set<OWLClass> bottom = s.isConsistent()
            ? r.getBottomClassNode().getEntities() : java.util.Collections.emptySet();
        for (OWLClassExpression e : exprs) {
            TreeSet<String> sorted = new TreeSet<>();
            if (s.isConsistent()) {
                try {
                    java.util.function.Consumer<OWLClass> add = c -> {
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

    private static JsonObject explain(JsonObject req, Progress progress) throws BridgeException {
        Session s = need();
        OWLAxiom g = goal(s, str(req, "sub", true), str(req, "r", false), str(req, "sup", true));
        ElkReasoner r = reasoner(s, progress);
        JsonObject o = new JsonObject();
        boolean ent = isEntailed(s, r, g);
        o.addProperty("entailed", ent);
        JsonArray axs = new JsonArray();
        if (ent) {
            List<OWLAxiom> just = Explainer.justify(s, r, g);
            if (just == null) {
                throw new BridgeException("INTERNAL", "No justification could be computed for this entailment.");
            }
            Render render = new Render(s);
            for (OWLAxiom ax : just) {
                JsonObject a = new JsonObject();
                a.addProperty("functional", Render.functional(ax));
                a.addProperty("text", render.axiom(ax));
                axs.add(a);
            }
        }
        o.add("axioms", axs);
        return o;
    }
}
