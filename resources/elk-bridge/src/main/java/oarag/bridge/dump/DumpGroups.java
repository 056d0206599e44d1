package oarag.bridge.dump;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fingerprint of each record group of a dump, so that the next dump of the same session can hold
 * only the groups that changed (a delta; docs/bridge-protocol.md). A group is what the client
 * replaces as one: one record for most kinds, and all the stated records, or all the links, of one
 * class. Its fingerprint is the sum of its lines' 64-bit hashes, so the order in which a group's
 * records come does not count.
 */
public final class DumpGroups {
    /**
     * Group kinds, the first character of a key; the rest of the key is the subject's IRI as a JSON
     * string.
     */
    static final char ONTOLOGY = 'o';

    static final char ANNOTATION_PROPERTY = 'a';
    static final char PROPERTY = 'p';
    static final char CLASS = 'c';
    static final char STATED = 's';
    static final char HIER = 'h';
    static final char UNSAT = 'u';
    static final char FILLER = 'f';
    static final char LINK = 'l';

    private final HashMap<String, long[]> sums = new HashMap<>();

    void add(String key, long lineHash) {
        long[] v = sums.get(key);
        if (v == null) {
            sums.put(key, new long[] {lineHash});
        } else {
            v[0] += lineHash;
        }
    }

    /** Whether the group had this fingerprint (for a group of one record: this record). */
    boolean same(String key, long sum) {
        long[] v = sums.get(key);
        return v != null && v[0] == sum;
    }

    int size() {
        return sums.size();
    }

    /**
     * Takes over the fingerprint of one group of {@code before} (if it had that group), which is
     * not written.
     */
    void keep(DumpGroups before, String key) {
        long[] v = before.sums.get(key);
        if (v != null) {
            sums.put(key, new long[] {v[0]});
        }
    }

    /**
     * Takes over the fingerprints of the groups of {@code before} that the scope does not write.
     */
    void keep(DumpGroups before, HeadScope scope) {
        for (Map.Entry<String, long[]> e : before.sums.entrySet()) {
            if (scope.keeps(e.getKey())) {
                sums.put(e.getKey(), new long[] {e.getValue()[0]});
            }
        }
    }

    /** Whether a group of this kind may have several records (they then come in any order). */
    static boolean multiLine(char kind) {
        return kind == STATED || kind == LINK;
    }

    /**
     * Whether the client can patch its cache for a group of this kind that is new, gone or changed:
     * it never adds or drops an entity, and never renames a property or an annotation property
     * (names the cards use everywhere).
     */
    static boolean patchable(char kind, boolean newOrGone) {
        switch (kind) {
            case ANNOTATION_PROPERTY:
            case PROPERTY:
                return false;
            case CLASS:
            case FILLER:
            case ONTOLOGY:
                return !newOrGone;
            default:
                return true;
        }
    }

    /**
     * What a delta against {@code before} holds: the keys of changed or new groups, and of gone
     * ones.
     */
    public static final class Change {
        public final List<String> changed = new ArrayList<>();
        public final List<String> gone = new ArrayList<>();
        boolean patchable = true;
    }

    /**
     * The change from {@code before}, given every key that may differ: the keys of all multi-record
     * groups and of the single-record groups whose record is new or differs. Groups that went are
     * looked for only when the counts say some did.
     */
    Change against(DumpGroups before, Iterable<String> candidates) {
        Change c = new Change();
        int fresh = 0;
        for (String k : candidates) {
            long[] old = before.sums.get(k);
            if (old == null) {
                fresh++;
            }
            if (old == null || old[0] != sums.get(k)[0]) {
                c.changed.add(k);
                c.patchable &= patchable(k.charAt(0), old == null);
            }
        }
        if (sums.size() - fresh != before.sums.size()) {
            for (String k : before.sums.keySet()) {
                if (!sums.containsKey(k)) {
                    c.gone.add(k);
                    c.patchable &= patchable(k.charAt(0), true);
                }
            }
        }
        return c;
    }

    /**
     * FNV-1a over the UTF-16 units, then a 64-bit finaliser so that sums of line hashes stay well
     * spread.
     */
    static long hash(CharSequence s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0, n = s.length(); i < n; i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
