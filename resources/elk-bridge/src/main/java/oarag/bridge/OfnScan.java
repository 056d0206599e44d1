package oarag.bridge;

/**
 * One scan of a functional-syntax file: its {@link OfnChunks} plus where each axiom stands in the file's own bytes,
 * so the axioms an edit added can be parsed with their original line numbers.
 */
final class OfnScan {
    final OfnChunks chunks;
    final byte[] src;
    final int[] srcStart;
    final int[] srcEnd;
    /** 1-based line and byte column of each axiom's first byte. */
    final int[] line;
    final int[] col;

    OfnScan(OfnChunks chunks, byte[] src, int[] srcStart, int[] srcEnd, int[] line, int[] col) {
        this.chunks = chunks;
        this.src = src;
        this.srcStart = srcStart;
        this.srcEnd = srcEnd;
        this.line = line;
        this.col = col;
    }
}
