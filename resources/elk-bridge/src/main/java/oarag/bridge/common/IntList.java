package oarag.bridge.common;

import java.util.Arrays;

/** Growable int array, also used as a stack (push/pop), plus small sorted-set helpers. */
public final class IntList {
    public static final int[] EMPTY = new int[0];

    private int[] a;
    private int n;

    public IntList() {
        this(8);
    }

    public IntList(int cap) {
        a = new int[Math.max(1, cap)];
    }

    public void add(int v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[n++] = v;
    }

    public void push(int v) {
        add(v);
    }

    public int pop() {
        return a[--n];
    }

    public boolean isEmpty() {
        return n == 0;
    }

    public int get(int i) {
        return a[i];
    }

    public int size() {
        return n;
    }

    public void clear() {
        n = 0;
    }

    public int[] toArray() {
        return Arrays.copyOf(a, n);
    }

    /** Sorted, de-duplicated copy. */
    public int[] toSortedSet() {
        int[] r = Arrays.copyOf(a, n);
        Arrays.sort(r);
        if (r.length < 2) {
            return r;
        }
        int k = 1;
        for (int i = 1; i < r.length; i++) {
            if (r[i] != r[k - 1]) {
                r[k++] = r[i];
            }
        }
        return k == r.length ? r : Arrays.copyOf(r, k);
    }

    public static boolean contains(int[] sorted, int v) {
        return sorted != null && Arrays.binarySearch(sorted, v) >= 0;
    }
}
