package oarag.bridge.dl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.common.Progress;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLObjectProperty;
import org.semanticweb.owlapi.model.parameters.Imports;
import org.semanticweb.owlapi.reasoner.SimpleConfiguration;

/**
 * HermiT against Openllet and JFact on statements' STAR modules, to choose the DL reasoner. Runs
 * only when asked: -Doarag.dlbench=/path/a.owl,/path/b.obo (-Doarag.dlbench.n=12); prints one line
 * per reasoner and ontology (settled within the deadline, p50, p95).
 */
class DlBenchTest {
    private static final long DEADLINE_MS = 10_000;

    @Test
    void compareReasoners() throws Exception {
        String files = System.getProperty("oarag.dlbench", "");
        Assumptions.assumeFalse(files.isEmpty(), "set -Doarag.dlbench to run the comparison");
        int n = Integer.getInteger("oarag.dlbench.n", 12);
        Map<String, DlReasoner.Maker> makers = new LinkedHashMap<>();
        makers.put("hermit", DlReasoner.HERMIT);
        makers.put(
                "openllet",
                (ont, ms) ->
                        openllet.owlapi.OpenlletReasonerFactory.getInstance()
                                .createReasoner(ont, new SimpleConfiguration(ms)));
        makers.put(
                "jfact",
                (ont, ms) ->
                        new uk.ac.manchester.cs.jfact.JFactFactory()
                                .createReasoner(ont, new SimpleConfiguration(ms)));
        for (String f : files.split(",")) {
            Session s = Loader.load(new File(f), (File) null, Progress.NONE);
            List<Statement> sts = sample(s, n);
            List<Set<OWLAxiom>> modules = new ArrayList<>();
            for (Statement st : sts) {
                modules.add(ModuleIndex.of(s).module(st.signature()));
            }
            int nonEl = (int) modules.stream().filter(m -> !ModuleIndex.allEl(m)).count();
            for (Map.Entry<String, DlReasoner.Maker> m : makers.entrySet()) {
                long[] ms = new long[sts.size()];
                int settled = 0;
                int contradicted = 0;
                for (int i = 0; i < sts.size(); i++) {
                    DlReasoner.Outcome o =
                            DlReasoner.check(m.getValue(), modules.get(i), sts.get(i), DEADLINE_MS);
                    ms[i] = o.settled ? o.ms : DEADLINE_MS;
                    settled += o.settled ? 1 : 0;
                    contradicted += o.settled && !o.satisfiable ? 1 : 0;
                }
                Arrays.sort(ms);
                System.out.printf(
                        "[dlbench] %s %s: %d/%d settled (%d contradicted), p50 %d ms, p95 %d ms;"
                                + " modules %d-%d axioms, %d outside EL%n",
                        new File(f).getName(),
                        m.getKey(),
                        settled,
                        sts.size(),
                        contradicted,
                        ms[ms.length / 2],
                        ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.95) - 1)],
                        modules.stream().mapToInt(Set::size).min().orElse(0),
                        modules.stream().mapToInt(Set::size).max().orElse(0),
                        nonEl);
            }
        }
        assertTrue(true);
    }

    /** Half "is a", half existential statements over random classes and relations, seeded. */
    private static List<Statement> sample(Session s, int n) {
        Random rnd = new Random(7);
        List<OWLClass> cs =
                s.root.classesInSignature(Imports.INCLUDED)
                        .filter(c -> !c.isOWLThing() && !c.isOWLNothing())
                        .sorted()
                        .collect(Collectors.toList());
        List<OWLObjectProperty> ps =
                s.root.objectPropertiesInSignature(Imports.INCLUDED)
                        .filter(p -> !p.isOWLTopObjectProperty())
                        .sorted()
                        .collect(Collectors.toList());
        List<Statement> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            OWLClass a = cs.get(rnd.nextInt(cs.size()));
            OWLClass b = cs.get(rnd.nextInt(cs.size()));
            String r =
                    i % 2 == 1 && !ps.isEmpty()
                            ? ps.get(rnd.nextInt(ps.size())).getIRI().toString()
                            : null;
            out.add(new Statement(s.df, a.getIRI().toString(), r, b.getIRI().toString()));
        }
        return out;
    }
}
