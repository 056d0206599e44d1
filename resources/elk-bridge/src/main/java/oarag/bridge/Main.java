package oarag.bridge;

import com.google.gson.GsonBuilder;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import oarag.bridge.common.Progress;
import oarag.bridge.extract.ExtractResult;
import oarag.bridge.extract.Extractor;
import oarag.bridge.extract.ResultJson;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;
import oarag.bridge.server.Server;

/**
 * OA-RAG ELK bridge: JSON lines on stdin/stdout (see docs/bridge-protocol.md). stdout carries
 * protocol lines only; everything else (library logging, stack traces) goes to stderr.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        PrintStream out =
                new PrintStream(
                        new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                        false,
                        StandardCharsets.UTF_8);
        System.setOut(System.err); // anything a library prints must not corrupt the protocol
        disableNetwork();
        if (args.length >= 1 && args[0].equals("serve")) {
            // Deeply nested class expressions recurse in the parsers and in ELK; a large stack lets
            // them reach the
            // depth limit (Depth.DEFAULT_LIMIT) and fail there with a clear message, not with
            // StackOverflowError.
            Thread worker =
                    new Thread(null, () -> new Server(out).serve(), "bridge-serve", 1L << 30);
            worker.start();
            worker.join();
            return;
        }
        if (args.length >= 3 && args[0].equals("extract")) {
            // debugging convenience: extract <ontology> <out.ndjson> [catalog]
            long t0 = System.nanoTime();
            Session s =
                    Loader.load(
                            new File(args[1]),
                            args.length > 3 ? new File(args[3]) : null,
                            (st, f) -> System.err.printf("[%s %.2f]%n", st, f));
            double parse = (System.nanoTime() - t0) / 1e9;
            System.err.printf("loaded in %.2fs%n", parse);
            ExtractResult r = Extractor.run(s, Progress.NONE, new File(args[2]));
            out.println(
                    new GsonBuilder()
                            .disableHtmlEscaping()
                            .serializeNulls()
                            .create()
                            .toJson(ResultJson.extract(r, parse)));
            out.flush();
            return;
        }
        if (args.length >= 2 && args[0].equals("classify")) {
            // debugging convenience: time a plain classification
            long t0 = System.nanoTime();
            Session s = Loader.load(new File(args[1]), (File) null, Progress.NONE);
            long t1 = System.nanoTime();
            s.reasoner(null);
            System.err.printf(
                    "load %.2fs, classify %.2fs%n",
                    (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
            return;
        }
        System.err.println("usage: java -jar elk-bridge.jar serve");
        System.exit(2);
    }

    /** The bridge never opens network connections: http(s)/ftp URLs fail immediately. */
    static void disableNetwork() {
        try {
            URL.setURLStreamHandlerFactory(
                    protocol -> {
                        if ("http".equals(protocol)
                                || "https".equals(protocol)
                                || "ftp".equals(protocol)) {
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
}
