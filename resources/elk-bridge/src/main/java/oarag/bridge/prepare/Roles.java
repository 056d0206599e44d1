package oarag.bridge.prepare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import oarag.bridge.common.IntList;
import oarag.bridge.model.ElSyntax;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLEquivalentObjectPropertiesAxiom;
import org.semanticweb.owlapi.model.OWLObjectPropertyExpression;
import org.semanticweb.owlapi.model.OWLObjectPropertyRangeAxiom;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLSubObjectPropertyOfAxiom;
import org.semanticweb.owlapi.model.OWLSubPropertyChainOfAxiom;

/**
 * The role index: the told object property axioms of the imports closure over the named properties
 * of the signature (axioms ELK skips are skipped here too), with the super-property closure and
 * effective reflexivity.
 */
public final class Roles {
    /** Told direct super-properties (equivalences count both ways), sorted. */
    public final int[][] parents;

    /** Told chains (named roles only) whose super-property is this one, in axiom order. */
    public final int[][][] chainsBySuper;

    /** Every told chain as roles…, super (transitivity r as r, r, r), for the compositions. */
    final List<int[]> allChains;

    public final boolean[] transitive;

    /**
     * Told, or derived: a super-property of a reflexive property, or the super-property of a
     * reflexive chain.
     */
    public final boolean[] reflexive;

    /** Told ranges, in axiom order. */
    public final List<List<OWLClassExpression>> ranges;

    /** supStar[r] = the told reflexive-transitive super-properties of r. */
    private final BitSet[] supStar;

    private Roles(
            int[][] parents,
            int[][][] chainsBySuper,
            List<int[]> allChains,
            boolean[] transitive,
            boolean[] reflexive,
            List<List<OWLClassExpression>> ranges,
            BitSet[] supStar) {
        this.parents = parents;
        this.chainsBySuper = chainsBySuper;
        this.allChains = Collections.unmodifiableList(allChains);
        this.transitive = transitive;
        this.reflexive = reflexive;
        this.ranges = ranges;
        this.supStar = supStar;
    }

    public int count() {
        return parents.length;
    }

    /** r ⊑* s over told sub-property axioms. */
    public boolean isSubRole(int r, int s) {
        return supStar[r].get(s);
    }

    /** The told super-properties of r, r included, ascending. */
    int[] superRoles(int r) {
        return supStar[r].stream().toArray();
    }

    public static Roles index(Session s, Signature sig) {
        int np = sig.props.length;
        IntList[] parentLists = new IntList[np];
        List<List<int[]>> chains = new ArrayList<>(np);
        List<List<OWLClassExpression>> ranges = new ArrayList<>(np);
        for (int i = 0; i < np; i++) {
            parentLists[i] = new IntList(2);
            chains.add(new ArrayList<>(1));
            ranges.add(new ArrayList<>(1));
        }
        List<int[]> allChains = new ArrayList<>();
        boolean[] transitive = new boolean[np];
        boolean[] reflexiveTold = new boolean[np];
        for (OWLOntology o : s.closure) {
            o.axioms(AxiomType.SUB_OBJECT_PROPERTY)
                    .forEach(
                            (OWLSubObjectPropertyOfAxiom ax) -> {
                                if (ElSyntax.elkIgnores(ax)) {
                                    return;
                                }
                                int a = sig.prop(ax.getSubProperty());
                                int b = sig.prop(ax.getSuperProperty());
                                if (a >= 0 && b >= 0 && a != b) {
                                    parentLists[a].add(b);
                                }
                            });
            o.axioms(AxiomType.EQUIVALENT_OBJECT_PROPERTIES)
                    .forEach(
                            (OWLEquivalentObjectPropertiesAxiom ax) -> {
                                if (ElSyntax.elkIgnores(ax)) {
                                    return;
                                }
                                List<OWLObjectPropertyExpression> ps = ax.getOperandsAsList();
                                for (OWLObjectPropertyExpression p : ps) {
                                    for (OWLObjectPropertyExpression q : ps) {
                                        int a = sig.prop(p);
                                        int b = sig.prop(q);
                                        if (a >= 0 && b >= 0 && a != b) {
                                            parentLists[a].add(b);
                                        }
                                    }
                                }
                            });
            o.axioms(AxiomType.SUB_PROPERTY_CHAIN_OF)
                    .forEach(
                            (OWLSubPropertyChainOfAxiom ax) -> {
                                if (ElSyntax.elkIgnores(ax)) {
                                    return;
                                }
                                int sup = sig.prop(ax.getSuperProperty());
                                List<OWLObjectPropertyExpression> ch = ax.getPropertyChain();
                                int[] roles = new int[ch.size()];
                                for (int i = 0; i < roles.length; i++) {
                                    roles[i] = sig.prop(ch.get(i));
                                    if (roles[i] < 0) {
                                        return;
                                    }
                                }
                                if (sup < 0) {
                                    return;
                                }
                                chains.get(sup).add(roles);
                                int[] full = Arrays.copyOf(roles, roles.length + 1);
                                full[roles.length] = sup;
                                allChains.add(full);
                            });
            o.axioms(AxiomType.TRANSITIVE_OBJECT_PROPERTY)
                    .forEach(
                            ax -> {
                                int p = sig.prop(ax.getProperty());
                                if (p >= 0) {
                                    transitive[p] = true;
                                }
                            });
            o.axioms(AxiomType.REFLEXIVE_OBJECT_PROPERTY)
                    .forEach(
                            ax -> {
                                int p = sig.prop(ax.getProperty());
                                if (p >= 0) {
                                    reflexiveTold[p] = true;
                                }
                            });
            o.axioms(AxiomType.OBJECT_PROPERTY_RANGE)
                    .forEach(
                            (OWLObjectPropertyRangeAxiom ax) -> {
                                if (ElSyntax.elkIgnores(ax)) {
                                    return;
                                }
                                int p = sig.prop(ax.getProperty());
                                if (p >= 0) {
                                    ranges.get(p).add(ax.getRange());
                                }
                            });
        }
        int[][] parents = new int[np][];
        int[][][] chainsBySuper = new int[np][][];
        List<List<OWLClassExpression>> rangeLists = new ArrayList<>(np);
        for (int i = 0; i < np; i++) {
            parents[i] = parentLists[i].toSortedSet();
            chainsBySuper[i] = chains.get(i).toArray(new int[0][]);
            rangeLists.add(Collections.unmodifiableList(ranges.get(i)));
            if (transitive[i]) {
                allChains.add(new int[] {i, i, i});
            }
        }
        BitSet[] supStar = superClosure(parents);
        boolean[] reflexive = effectiveReflexivity(reflexiveTold, supStar, allChains);
        return new Roles(
                parents,
                chainsBySuper,
                allChains,
                transitive,
                reflexive,
                Collections.unmodifiableList(rangeLists),
                supStar);
    }

    private static BitSet[] superClosure(int[][] parents) {
        int np = parents.length;
        BitSet[] supStar = new BitSet[np];
        for (int i = 0; i < np; i++) {
            BitSet b = new BitSet(np);
            IntList q = new IntList(16);
            b.set(i);
            q.push(i);
            while (!q.isEmpty()) {
                for (int y : parents[q.pop()]) {
                    if (!b.get(y)) {
                        b.set(y);
                        q.push(y);
                    }
                }
            }
            supStar[i] = b;
        }
        return supStar;
    }

    /** Reported in the dump; TypeScript applies A ⊑ B ⇒ A ⊑ ∃r.B for these. */
    private static boolean[] effectiveReflexivity(
            boolean[] told, BitSet[] supStar, List<int[]> allChains) {
        int np = told.length;
        boolean[] reflexive = Arrays.copyOf(told, np);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < np; i++) {
                if (reflexive[i]) {
                    for (int j = supStar[i].nextSetBit(0);
                            j >= 0;
                            j = supStar[i].nextSetBit(j + 1)) {
                        if (!reflexive[j]) {
                            reflexive[j] = true;
                            changed = true;
                        }
                    }
                }
            }
            for (int[] ch : allChains) {
                int sup = ch[ch.length - 1];
                if (reflexive[sup]) {
                    continue;
                }
                boolean all = true;
                for (int k = 0; k < ch.length - 1; k++) {
                    all &= reflexive[ch[k]];
                }
                if (all) {
                    reflexive[sup] = true;
                    changed = true;
                }
            }
        }
        return reflexive;
    }
}
