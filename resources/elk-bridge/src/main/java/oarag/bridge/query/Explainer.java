package oarag.bridge.query;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.model.Session;
import org.liveontologies.puli.DynamicProof;
import org.liveontologies.puli.Inference;
import org.liveontologies.puli.InferenceJustifier;
import org.liveontologies.puli.InferenceJustifiers;
import org.liveontologies.puli.pinpointing.MinimalSubsetEnumerators;
import org.semanticweb.elk.owlapi.ElkReasoner;
import org.semanticweb.elk.owlapi.proofs.ElkOwlInference;
import org.semanticweb.elk.owlapi.proofs.ElkOwlProof;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.reasoner.NullReasonerProgressMonitor;
import uk.ac.manchester.cs.owlapi.modularity.ModuleType;
import uk.ac.manchester.cs.owlapi.modularity.SyntacticLocalityModuleExtractor;

/**
 * One minimal justification for an entailment: ELK proof + puli resolution first, then a black-box
 * contraction with ELK that both verifies the set really entails the goal and guarantees
 * minimality.
 */
final class Explainer {
    private Explainer() {}

    static final long PROOF_BUDGET_MS = 8000;

    static List<OWLAxiom> justify(Session s, ElkReasoner reasoner, OWLAxiom goal) {
        Set<OWLAxiom> logical = new HashSet<>();
        for (OWLOntology o : s.closure) {
            o.logicalAxioms().forEach(logical::add);
        }
        Set<OWLAxiom> first = null;
        Set<OWLAxiom> proofAxioms = null;
        try {
            DynamicProof<ElkOwlInference> proof = ElkOwlProof.create(reasoner, goal);
            try {
                @SuppressWarnings({"unchecked", "rawtypes"})
                InferenceJustifier<Inference<OWLAxiom>, ? extends Set<? extends OWLAxiom>>
                        justifier =
                                (InferenceJustifier)
                                        InferenceJustifiers.justifyAssertedInferences();
                final long deadline = System.currentTimeMillis() + PROOF_BUDGET_MS;
                final Set<OWLAxiom>[] found = new Set[1];
                MinimalSubsetEnumerators.enumerateJustifications(
                        goal,
                        proof,
                        justifier,
                        () -> found[0] != null || System.currentTimeMillis() > deadline,
                        j -> {
                            if (found[0] == null) {
                                found[0] = new LinkedHashSet<>(j);
                            }
                        });
                first = found[0];
                if (first == null) {
                    proofAxioms = assertedInProof(proof, goal, justifier);
                }
            } finally {
                proof.dispose();
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            System.err.println("[elk-bridge] proof-based justification failed: " + e);
        }
        List<OWLAxiom> cand = null;
        if (first != null && logical.containsAll(first) && entails(first, goal)) {
            cand = new ArrayList<>(first);
        } else if (proofAxioms != null
                && !proofAxioms.isEmpty()
                && logical.containsAll(proofAxioms)
                && entails(proofAxioms, goal)) {
            cand = new ArrayList<>(proofAxioms);
        }
        if (cand == null) {
            // module for the goal's signature (STAR locality preserves all entailments over the
            // signature)
            Set<OWLEntity> sig = goal.signature().collect(Collectors.toSet());
            SyntacticLocalityModuleExtractor ex =
                    new SyntacticLocalityModuleExtractor(
                            s.man,
                            s.root.importsClosure().flatMap(o -> o.axioms()),
                            ModuleType.STAR);
            Set<OWLAxiom> module =
                    ex.extract(sig).stream()
                            .filter(a -> a instanceof OWLLogicalAxiom)
                            .collect(Collectors.toCollection(LinkedHashSet::new));
            cand = new ArrayList<>(module);
            if (!entails(cand, goal)) {
                return null;
            }
        }
        return contract(cand, goal);
    }

    /**
     * Up to {@code limit} distinct justifications, each checked to entail the goal and contracted
     * to a minimal set: the proof's enumeration (within the same time budget), else the one of
     * {@link #justify}. The flag {@code more[0]} is set when the enumeration stopped at the limit.
     */
    static List<List<OWLAxiom>> justifyAll(
            Session s, ElkReasoner reasoner, OWLAxiom goal, int limit, boolean[] more) {
        Set<OWLAxiom> logical = new HashSet<>();
        for (OWLOntology o : s.closure) {
            o.logicalAxioms().forEach(logical::add);
        }
        List<Set<OWLAxiom>> found = new ArrayList<>();
        try {
            DynamicProof<ElkOwlInference> proof = ElkOwlProof.create(reasoner, goal);
            try {
                @SuppressWarnings({"unchecked", "rawtypes"})
                InferenceJustifier<Inference<OWLAxiom>, ? extends Set<? extends OWLAxiom>>
                        justifier =
                                (InferenceJustifier)
                                        InferenceJustifiers.justifyAssertedInferences();
                final long deadline = System.currentTimeMillis() + PROOF_BUDGET_MS;
                MinimalSubsetEnumerators.enumerateJustifications(
                        goal,
                        proof,
                        justifier,
                        () -> found.size() > limit || System.currentTimeMillis() > deadline,
                        j -> {
                            if (found.size() <= limit) {
                                found.add(new LinkedHashSet<>(j));
                            }
                        });
            } finally {
                proof.dispose();
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            System.err.println("[elk-bridge] proof-based justifications failed: " + e);
        }
        more[0] = found.size() > limit;
        List<List<OWLAxiom>> out = new ArrayList<>();
        Set<Set<OWLAxiom>> seen = new HashSet<>();
        for (Set<OWLAxiom> j : found.subList(0, Math.min(limit, found.size()))) {
            if (!logical.containsAll(j) || !entails(j, goal)) {
                continue;
            }
            List<OWLAxiom> min = contract(new ArrayList<>(j), goal);
            if (seen.add(new HashSet<>(min))) {
                out.add(min);
            }
        }
        if (out.isEmpty()) {
            List<OWLAxiom> one = justify(s, reasoner, goal);
            if (one != null) {
                out.add(one);
            }
        }
        return out;
    }

    /** Every asserted axiom reachable in the proof of the goal. */
    private static Set<OWLAxiom> assertedInProof(
            DynamicProof<ElkOwlInference> proof,
            OWLAxiom goal,
            InferenceJustifier<Inference<OWLAxiom>, ? extends Set<? extends OWLAxiom>> justifier) {
        Set<Object> seen = new HashSet<>();
        Deque<Object> todo = new ArrayDeque<>();
        Set<OWLAxiom> out = new LinkedHashSet<>();
        todo.add(goal);
        seen.add(goal);
        int budget = 2_000_000;
        while (!todo.isEmpty() && budget-- > 0) {
            Object c = todo.poll();
            for (ElkOwlInference inf : proof.getInferences(c)) {
                out.addAll(justifier.getJustification(inf));
                for (Object p : inf.getPremises()) {
                    if (seen.add(p)) {
                        todo.add(p);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Removes axioms (in shrinking chunks, then one by one) while the rest still entails the goal.
     */
    static List<OWLAxiom> contract(List<OWLAxiom> start, OWLAxiom goal) {
        List<OWLAxiom> j = new ArrayList<>(start);
        int chunk = Math.max(1, j.size() / 4);
        while (true) {
            int i = 0;
            while (i < j.size()) {
                int end = Math.min(j.size(), i + chunk);
                List<OWLAxiom> rest = new ArrayList<>(j.size());
                rest.addAll(j.subList(0, i));
                rest.addAll(j.subList(end, j.size()));
                if (entails(rest, goal)) {
                    j = rest;
                } else {
                    i = end;
                }
            }
            if (chunk == 1) {
                break;
            }
            chunk = Math.max(1, chunk / 4);
        }
        return j;
    }

    static boolean entails(Collection<OWLAxiom> axioms, OWLAxiom goal) {
        OWLOntologyManager m = OWLManager.createOWLOntologyManager();
        try {
            OWLOntology o = m.createOntology(new ArrayList<>(axioms));
            ElkReasoner r = Session.createReasoner(o, new NullReasonerProgressMonitor());
            try {
                if (!r.isConsistent()) {
                    return true;
                }
                return r.isEntailed(goal);
            } finally {
                r.dispose();
            }
        } catch (OWLOntologyCreationException e) {
            throw new IllegalStateException(e);
        }
    }
}
