package oarag.bridge;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import oarag.bridge.load.Loader;
import oarag.bridge.load.Sniffer;
import oarag.bridge.model.Format;
import org.semanticweb.elk.owlapi.ElkReasonerFactory;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.model.MissingImportHandlingStrategy;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyLoaderConfiguration;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.reasoner.InferenceType;
import org.semanticweb.owlapi.reasoner.OWLReasoner;

/**
 * The yardstick for a cold load (perf/elk-floor.ts): OWL API parses the file with its own parser
 * for the format (the format named, as a load names it), and ELK classifies it through its OWL API
 * reasoner, {@code precomputeInferences(CLASS_HIERARCHY)}. Nothing of the bridge's own work runs:
 * no fast parser, no helper classes, no closure, no dump. Prints one JSON line on stdout: the
 * seconds of each step and the process's CPU time.
 *
 * <pre>java -cp elk-bridge.jar oarag.bridge.ElkFloor &lt;ontology&gt;</pre>
 */
public final class ElkFloor {
    private ElkFloor() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -cp elk-bridge.jar oarag.bridge.ElkFloor <ontology>");
            System.exit(2);
        }
        Main.disableNetwork();
        long jvmStartMs = ManagementFactory.getRuntimeMXBean().getStartTime();
        long mainMs = System.currentTimeMillis();
        File file = new File(args[0]);
        long t0 = System.nanoTime();
        Format format = Sniffer.detect(file);
        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        OWLOntologyLoaderConfiguration cfg =
                man.getOntologyLoaderConfiguration()
                        .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
                        .setStrict(false);
        OWLOntology o =
                man.loadOntologyFromOntologyDocument(
                        new FileDocumentSource(file, Loader.documentFormat(format)), cfg);
        long t1 = System.nanoTime();
        OWLReasoner r = new ElkReasonerFactory().createReasoner(o);
        r.precomputeInferences(InferenceType.CLASS_HIERARCHY);
        boolean consistent = r.isConsistent();
        long t2 = System.nanoTime();
        long classes = o.classesInSignature().count();
        r.dispose();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean();
        System.out.println(
                String.format(
                        Locale.ROOT,
                        "{\"format\":\"%s\",\"classes\":%d,\"consistent\":%b,\"jvmStartSeconds\":%.3f,\"parseSeconds\":%.3f,"
                                + "\"classifySeconds\":%.3f,\"cpuSeconds\":%.3f}",
                        format.label,
                        classes,
                        consistent,
                        (mainMs - jvmStartMs) / 1e3,
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        os.getProcessCpuTime() / 1e9));
        System.out.flush();
        // ELK's worker threads are done; exit without waiting on anything a library left running.
        System.exit(0);
    }
}
