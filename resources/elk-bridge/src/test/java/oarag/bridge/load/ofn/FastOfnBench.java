package oarag.bridge.load.ofn;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import oarag.bridge.load.FastOfnParser;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * Times the load of one functional-syntax file by OWL API against the fast reader, in one JVM (not
 * a test: run by hand). Round 1 is the cold JVM. Modes: {@code owlapi} (OWL API's parser), {@code
 * fastN} (the load through the manager with the fast reader installed, N = 0, 1, 2 reader threads),
 * {@code parts} (the fast reader's parts: lexer alone, read with 0/1/2 workers into a list, then
 * one addAxioms).
 *
 * <pre>
 * java -Xmx1274m -Xms637m -Xss16m -XX:+UseParallelGC -cp CLASSPATH oarag.bridge.load.ofn.FastOfnBench FILE MODE ROUNDS
 * </pre>
 */
public final class FastOfnBench {
    private FastOfnBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: FastOfnBench FILE owlapi|fast0|fast1|fast2|parts [ROUNDS]");
            System.exit(2);
        }
        File file = new File(args[0]);
        String mode = args[1];
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        for (int r = 1; r <= rounds; r++) {
            long cpu0 = cpu();
            long t0 = System.nanoTime();
            String what;
            if (mode.equals("parts")) {
                what = parts(file);
            } else {
                OWLOntologyManager man = OWLManager.createOWLOntologyManager();
                if (mode.startsWith("fast")) {
                    FastOfnParser.workers = Integer.parseInt(mode.substring(4));
                    FastOfnParser.install(man, file);
                }
                OWLOntology o =
                        man.loadOntologyFromOntologyDocument(
                                new FileDocumentSource(file, new FunctionalSyntaxDocumentFormat()));
                what = o.getAxiomCount() + " axioms";
            }
            System.out.printf(
                    "%s round %d%s: %.3f s wall, %.3f s CPU (%s)%n",
                    mode,
                    r,
                    r == 1 ? " (cold)" : "",
                    (System.nanoTime() - t0) / 1e9,
                    (cpu() - cpu0) / 1e9,
                    what);
        }
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static String parts(File file) throws Exception {
        StringBuilder sb = new StringBuilder();
        long t0 = System.nanoTime();
        byte[] b = Files.readAllBytes(file.toPath());
        OfnLexer lx = new OfnLexer(b, 0, b.length, true);
        int n = 0;
        for (lx.next(); lx.kind != OfnLexer.EOF; lx.next()) {
            n++;
        }
        sb.append(
                String.format(
                        "file + lexer alone %.3f s (%d tokens)",
                        (System.nanoTime() - t0) / 1e9, n));
        for (int workers = 0; workers <= 2; workers++) {
            OWLOntologyManager man = OWLManager.createOWLOntologyManager();
            List<OWLAxiom> all = new ArrayList<>();
            t0 = System.nanoTime();
            FastOfn.read(b, man.getOWLDataFactory(), workers, all::addAll);
            double read = (System.nanoTime() - t0) / 1e9;
            OWLOntology o = man.createOntology();
            t0 = System.nanoTime();
            o.addAxioms(all);
            sb.append(
                    String.format(
                            "; read with %d workers %.3f s + addAxioms %.3f s",
                            workers, read, (System.nanoTime() - t0) / 1e9));
        }
        return sb.toString();
    }
}
