package oarag.bridge.dl;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.stream.Collectors;
import oarag.bridge.load.NonElCounter;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import uk.ac.manchester.cs.owlapi.modularity.ModuleType;
import uk.ac.manchester.cs.owlapi.modularity.SyntacticLocalityModuleExtractor;

/**
 * STAR locality modules of the session's ontology. The extractor indexes every axiom once (seconds
 * at 50k classes), so it is kept per session and rebuilt only when the axiom count changes (a
 * reload applied in place).
 */
public final class ModuleIndex {
    private static final Map<Session, ModuleIndex> BY_SESSION =
            Collections.synchronizedMap(new WeakHashMap<>());

    private final SyntacticLocalityModuleExtractor extractor;
    private final int axiomCount;

    private ModuleIndex(Session s, int axiomCount) {
        this.axiomCount = axiomCount;
        this.extractor =
                new SyntacticLocalityModuleExtractor(
                        s.man, s.root.importsClosure().flatMap(o -> o.axioms()), ModuleType.STAR);
    }

    public static ModuleIndex of(Session s) {
        int n = s.axiomCount();
        synchronized (BY_SESSION) {
            ModuleIndex ix = BY_SESSION.get(s);
            if (ix == null || ix.axiomCount != n) {
                ix = new ModuleIndex(s, n);
                BY_SESSION.put(s, ix);
            }
            return ix;
        }
    }

    /** Every logical axiom of the ontology and its imports. */
    public static Set<OWLAxiom> allLogical(Session s) {
        Set<OWLAxiom> all = new LinkedHashSet<>();
        s.closure.forEach(o -> o.logicalAxioms().forEach(all::add));
        return all;
    }

    /** The logical axioms of the STAR module of the signature. */
    public synchronized Set<OWLAxiom> module(Set<OWLEntity> signature) {
        return extractor.extract(signature).stream()
                .filter(a -> a instanceof OWLLogicalAxiom)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /**
     * Whether ELK reads every axiom of the module whole: then ELK is complete for what the module
     * entails over its signature, and a STAR module entails all the ontology does there.
     */
    public static boolean allEl(Set<OWLAxiom> module) {
        Map<String, Integer> counts = new HashMap<>();
        for (OWLAxiom ax : module) {
            if (ElSyntax.elkIgnores(ax)) {
                return false;
            }
            NonElCounter.count(ax, 1, counts);
            if (!counts.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
