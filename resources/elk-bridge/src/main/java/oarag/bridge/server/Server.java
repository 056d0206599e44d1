package oarag.bridge.server;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.load.ParseErrors;

/**
 * The serve loop: one JSON request per stdin line, progress lines and exactly one result or error
 * line per request on stdout (docs/bridge-protocol.md). Every failure becomes an error line with a
 * code; the loop keeps serving.
 */
public final class Server {
    private static final Gson GSON =
            new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
    private static final String EOF = new String("<eof>");

    private final PrintStream out;
    private final Commands commands = new Commands();

    /**
     * Set while a request runs: an end of stdin then means the client is gone, so nothing waits for
     * the answer.
     */
    private volatile boolean busy;

    public Server(PrintStream out) {
        this.out = out;
    }

    private synchronized void send(JsonObject o) {
        out.print(GSON.toJson(o));
        out.print('\n');
        out.flush();
    }

    /**
     * Reads request lines on their own thread. When stdin ends (the parent exited, even by kill -9)
     * while a request runs, the JVM halts at once instead of finishing work nobody reads, and
     * leaves no half-written files running.
     */
    private BlockingQueue<String> readRequests() {
        BlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread reader =
                new Thread(
                        () -> {
                            BufferedReader in =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    System.in, StandardCharsets.UTF_8));
                            try {
                                String l;
                                while ((l = in.readLine()) != null) {
                                    q.add(l);
                                }
                            } catch (IOException e) {
                                // a broken pipe is an end of input too
                            }
                            if (busy) {
                                System.err.println(
                                        "[elk-bridge] stdin closed during a request; exiting");
                                Runtime.getRuntime().halt(0);
                            }
                            q.add(EOF);
                        },
                        "stdin-watchdog");
        reader.setDaemon(true);
        reader.start();
        return q;
    }

    public void serve() {
        BlockingQueue<String> queue = readRequests();
        for (; ; ) {
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
            try {
                answer(line);
            } finally {
                busy = false;
            }
        }
        out.flush();
        System.exit(0);
    }

    private void answer(String line) {
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
            JsonObject result = commands.handle(cmd, req, new ClientProgress(id));
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
                System.err.println(
                        "[elk-bridge] "
                                + e.code
                                + ": "
                                + e.getMessage()
                                + " ("
                                + e.getCause()
                                + ")");
            }
            sendError(id, e.code, e.getMessage());
        } catch (OutOfMemoryError e) {
            commands.disposeReasoner();
            System.gc();
            sendError(
                    id,
                    "OUT_OF_MEMORY",
                    "The bridge ran out of memory"
                            + (cmd == null ? "" : " during " + cmd)
                            + "; allow it a larger heap (-Xmx) or use a smaller ontology.");
        } catch (StackOverflowError e) {
            commands.disposeReasoner();
            sendError(
                    id,
                    "TOO_DEEP",
                    "The ontology nests expressions too deeply to process"
                            + (cmd == null ? "" : " during " + cmd)
                            + "; flatten the deepest class expressions.");
        } catch (Throwable e) {
            System.err.println("[elk-bridge] internal error in " + cmd + ":");
            e.printStackTrace(System.err);
            sendError(
                    id,
                    "INTERNAL",
                    "Internal error in "
                            + (cmd == null ? "the request" : cmd)
                            + ": "
                            + ParseErrors.shortCause(e)
                            + ".");
        }
    }

    private void sendError(JsonElement id, String code, String message) {
        JsonObject o = new JsonObject();
        o.add("id", id);
        o.addProperty("type", "error");
        o.addProperty("code", code);
        o.addProperty("message", message);
        send(o);
    }

    /** Forwards progress lines, at most one per ~100 ms per stage, fractions never decreasing. */
    final class ClientProgress implements Progress {
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
            if (!newStage
                    && (fraction <= last || (now - lastAt < 100_000_000L && fraction < 1.0))) {
                return;
            }
            stage = st;
            last = fraction;
            lastAt = now;
            JsonObject o = new JsonObject();
            o.add("id", id);
            o.addProperty("type", "progress");
            o.addProperty("stage", st);
            o.addProperty(
                    "fraction", Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 1000.0);
            send(o);
        }
    }
}
