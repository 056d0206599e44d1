package oarag.bridge.prepare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import oarag.bridge.common.IntList;

/**
 * The role compositions the closure applies. Chains are binarised (r1∘r2∘r3 ⊑ t becomes r1∘r2 ⊑ h,
 * h∘r3 ⊑ t with a helper role h; roles >= the number of named properties are helpers), then
 * tabulated for every pair of roles, taking sub-properties of the chain members into account.
 */
public final class Compositions {
    /** Named properties plus helper roles. */
    public final int roleCount;

    /** comp[r1][r2] = roles t with r1 ∘ r2 ⊑ t; comp[r1] is null when r1 starts no composition. */
    public final int[][][] comp;

    /**
     * uni[r] = roles t implied by r alone, through a chain whose other member is reflexive; or
     * null.
     */
    public final int[][] uni;

    private Compositions(int roleCount, int[][][] comp, int[][] uni) {
        this.roleCount = roleCount;
        this.comp = comp;
        this.uni = uni;
    }

    public static Compositions of(Roles roles) {
        int np = roles.count();
        List<int[]> bin = new ArrayList<>(); // a, b, t
        List<Boolean> helperReflexive = new ArrayList<>();
        int next = np;
        HashMap<Long, Integer> helperOf = new HashMap<>();
        for (int[] ch : roles.allChains) {
            int n = ch.length - 1;
            int left = ch[0];
            for (int k = 1; k < n; k++) {
                int t;
                if (k == n - 1) {
                    t = ch[n];
                } else {
                    long key = ((long) left << 32) | (ch[k] & 0xffffffffL);
                    Integer h = helperOf.get(key);
                    if (h == null) {
                        h = next++;
                        helperOf.put(key, h);
                        helperReflexive.add(
                                isReflexive(roles, left, helperReflexive)
                                        && isReflexive(roles, ch[k], helperReflexive));
                    }
                    t = h;
                }
                bin.add(new int[] {left, ch[k], t});
                left = t;
            }
        }
        int nRoles = next;
        // sub-roles of every role (helpers only have themselves)
        IntList[] sl = new IntList[np];
        for (int i = 0; i < np; i++) {
            sl[i] = new IntList(2);
        }
        for (int i = 0; i < np; i++) {
            for (int j : roles.superRoles(i)) {
                sl[j].add(i);
            }
        }
        int[][] subs = new int[nRoles][];
        for (int i = 0; i < nRoles; i++) {
            subs[i] = i < np ? sl[i].toArray() : new int[] {i};
        }
        HashMap<Long, Set<Integer>> table = new HashMap<>();
        List<Set<Integer>> uniSets = new ArrayList<>();
        for (int i = 0; i < nRoles; i++) {
            uniSets.add(null);
        }
        for (int[] c : bin) {
            int a = c[0];
            int b = c[1];
            int t = c[2];
            for (int r1 : subs[a]) {
                for (int r2 : subs[b]) {
                    table.computeIfAbsent(((long) r1 << 32) | r2, k -> new TreeSet<>()).add(t);
                }
            }
            // a reflexive member makes the other member alone imply t (x -r-> x for reflexive r)
            if (isReflexive(roles, b, helperReflexive)) {
                for (int r1 : subs[a]) {
                    if (uniSets.get(r1) == null) {
                        uniSets.set(r1, new TreeSet<>());
                    }
                    uniSets.get(r1).add(t);
                }
            }
            if (isReflexive(roles, a, helperReflexive)) {
                for (int r2 : subs[b]) {
                    if (uniSets.get(r2) == null) {
                        uniSets.set(r2, new TreeSet<>());
                    }
                    uniSets.get(r2).add(t);
                }
            }
        }
        int[][][] comp = new int[nRoles][][];
        for (Map.Entry<Long, Set<Integer>> e : table.entrySet()) {
            int r1 = (int) (e.getKey() >>> 32);
            int r2 = (int) (long) e.getKey();
            if (comp[r1] == null) {
                comp[r1] = new int[nRoles][];
            }
            comp[r1][r2] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
        }
        int[][] uni = new int[nRoles][];
        for (int i = 0; i < nRoles; i++) {
            Set<Integer> u = uniSets.get(i);
            uni[i] = u == null ? null : u.stream().mapToInt(Integer::intValue).toArray();
        }
        return new Compositions(nRoles, comp, uni);
    }

    private static boolean isReflexive(Roles roles, int role, List<Boolean> helperReflexive) {
        return role < roles.count()
                ? roles.reflexive[role]
                : helperReflexive.get(role - roles.count());
    }
}
