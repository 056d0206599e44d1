package oarag.bridge.diff;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import oarag.bridge.load.Depth;

/**
 * Splits an OWL functional-syntax document into its header and its top-level axioms without parsing
 * them, so a reload finds the axioms an edit touched by comparing text (docs/bridge-protocol.md,
 * {@code reload}). It streams the UTF-8 bytes through a buffer of a few MiB (no copy of the whole
 * file): no multi-byte character contains an ASCII byte, so parentheses, quotes, {@code <>} and
 * {@code #} are found exactly. Anything it does not follow is {@link Malformed}, and the caller
 * reads the file the full way.
 */
public final class OfnScanner {
    /**
     * The document is not shaped as this scanner expects (which need not mean OWL API would reject
     * it).
     */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String why) {
            super(why, null, false, false);
        }
    }

    /** Receives the axioms in file order. */
    interface Sink {
        /**
         * One axiom: its normalised text {@code norm[0, n)}, the line and byte column where it
         * starts, its text as written, {@code src[from, to)}, and the document offset of that
         * text's first byte. The arrays are reused after the call.
         */
        void axiom(byte[] norm, int n, int line, int col, byte[] src, int from, int to, long at);
    }

    /** What the document has besides its axioms. */
    static final class Header {
        /** Prefixes, ontology IRIs, imports and ontology annotations, normalised, one per line. */
        final byte[] header;

        /** The Prefix declarations alone, one per line. */
        final byte[] prefixes;

        /**
         * Document offsets: the end of the last item of the ontology's that is not an axiom, and
         * its closing ')'.
         */
        final long itemsEnd;

        final long close;

        Header(byte[] header, byte[] prefixes, long itemsEnd, long close) {
            this.header = header;
            this.prefixes = prefixes;
            this.itemsEnd = itemsEnd;
            this.close = close;
        }
    }

    private static final byte PLAIN = 0;
    private static final byte SPACE = 1;
    private static final byte NEWLINE = 2;
    private static final byte OPEN = 3;
    private static final byte CLOSE = 4;
    private static final byte HASH = 5;
    private static final byte DELIM = 6;
    private static final byte[] KIND = new byte[256];

    static {
        KIND[' '] = SPACE;
        KIND['\t'] = SPACE;
        KIND['\r'] = SPACE;
        KIND['\f'] = SPACE;
        KIND['\n'] = NEWLINE;
        KIND['('] = OPEN;
        KIND[')'] = CLOSE;
        KIND['#'] = HASH;
        KIND['"'] = DELIM;
        KIND['<'] = DELIM;
        KIND['>'] = DELIM;
    }

    private final InputStream in;
    private final Sink sink;

    /**
     * Deepest nesting allowed (the load's own limit, {@link Depth}); deeper is left to the full
     * load to refuse.
     */
    private final int limit;

    /** Bytes read at a time (tests lower it to cut items at every place). */
    static volatile int bufferSize = 4 << 20;

    private byte[] b = new byte[bufferSize];
    private int i;
    private int end;
    private boolean eof;

    /** File offset of b[0]. */
    private long base;

    /** First byte to keep when the buffer is refilled (the start of the item being read), or -1. */
    private int mark = -1;

    private int line = 1;

    /** File offset where the current line starts. */
    private long lineStart;

    private final Bytes header = new Bytes(256);
    private long itemsEnd;
    private long close;
    private final Bytes prefixes = new Bytes(256);

    /** The item being read, normalised. */
    private final Bytes norm = new Bytes(4096);

    private OfnScanner(InputStream in, int limit, Sink sink) {
        this.in = in;
        this.limit = limit;
        this.sink = sink;
    }

    static Header scan(InputStream in, int limit, Sink sink) throws Malformed, IOException {
        OfnScanner s = new OfnScanner(in, limit, sink);
        s.document();
        return new Header(s.header.toArray(), s.prefixes.toArray(), s.itemsEnd, s.close);
    }

    /**
     * Reads more of the document, keeping the bytes from the mark (else from i) at the front of the
     * buffer; false at the end of the document.
     */
    private boolean refill() throws IOException {
        if (eof) {
            return false;
        }
        int keep = mark >= 0 ? mark : i;
        if (keep > 0) {
            System.arraycopy(b, keep, b, 0, end - keep);
            end -= keep;
            i -= keep;
            if (mark >= 0) {
                mark -= keep;
            }
            base += keep;
        }
        if (end == b.length) {
            b = Arrays.copyOf(b, b.length * 2); // one item longer than the buffer
        }
        int n = in.read(b, end, b.length - end);
        if (n < 0) {
            eof = true;
            return false;
        }
        end += n;
        return true;
    }

    /** Whether b[i] exists, reading more if needed. */
    private boolean has() throws IOException {
        return i < end || refill() || i < end;
    }

    private void document() throws Malformed, IOException {
        if (has()
                && end - i >= 3
                && (b[0] & 0xff) == 0xef
                && (b[1] & 0xff) == 0xbb
                && (b[2] & 0xff) == 0xbf) {
            i = 3;
        }
        for (; ; ) {
            skipSpace();
            if (!has()) {
                throw new Malformed("no Ontology(...)");
            }
            mark = i;
            String name = name();
            skipSpace();
            if (!has() || b[i] != '(') {
                throw new Malformed("a top-level name without a parenthesis");
            }
            if (name.equals("Prefix")) {
                int from = header.n;
                headerItem(name);
                prefixes.add(header.a, from, header.n);
            } else if (name.equals("Ontology")) {
                i++;
                mark = -1;
                header.add("Ontology(\n");
                itemsEnd = base + i;
                break;
            } else {
                throw new Malformed("a top-level item other than Prefix and Ontology");
            }
        }
        body();
        skipSpace();
        if (has()) {
            throw new Malformed("text after the ontology");
        }
    }

    /**
     * The items of Ontology(...): IRIs, Import and Annotation belong to the header, everything else
     * is an axiom.
     */
    private void body() throws Malformed, IOException {
        for (; ; ) {
            skipSpace();
            if (!has()) {
                throw new Malformed("the ontology is not closed");
            }
            byte c = b[i];
            if (c == ')') {
                close = base + i;
                i++;
                header.add(")\n");
                return;
            }
            mark = i;
            if (c == '<') {
                norm.n = 0;
                iri();
                header.add(norm.a, 0, norm.n);
                header.add("\n");
                mark = -1;
                itemsEnd = base + i;
                continue;
            }
            if (KIND[c & 0xff] != PLAIN) {
                throw new Malformed("an item without a name");
            }
            int atLine = line;
            int atCol = (int) (base + i - lineStart) + 1;
            String name = name();
            skipSpace();
            if (!has() || b[i] != '(') {
                header.add(name); // the ontology or version IRI as a prefixed name
                header.add("\n");
                itemsEnd = base + mark + nameLength;
            } else if (name.equals("Import") || name.equals("Annotation")) {
                headerItem(name);
                itemsEnd = base + i;
            } else {
                norm.n = 0;
                norm.add(b, mark, mark + nameLength);
                item();
                sink.axiom(norm.a, norm.n, atLine, atCol, b, mark, i, base + mark);
            }
            mark = -1;
        }
    }

    /** A header item (the mark is at its name), normalised and added to the header. */
    private void headerItem(String name) throws Malformed, IOException {
        norm.n = 0;
        norm.add(name);
        item();
        header.add(norm.a, 0, norm.n);
        header.add("\n");
        mark = -1;
    }

    /**
     * Skips white space and comments between tokens ('#' at the start of a token opens a comment).
     */
    private void skipSpace() throws IOException {
        while (has()) {
            byte k = KIND[b[i] & 0xff];
            if (k == NEWLINE) {
                line++;
                lineStart = base + i + 1;
                i++;
            } else if (k == SPACE) {
                i++;
            } else if (k == HASH) {
                while (has() && b[i] != '\n') {
                    i++;
                }
            } else {
                return;
            }
        }
    }

    /** Length of the last name read. */
    private int nameLength;

    /** Reads the name at the mark (a refill keeps it in the buffer). */
    private String name() throws Malformed, IOException {
        while (has() && (KIND[b[i] & 0xff] == PLAIN || b[i] == '#' && i > mark)) {
            i++;
        }
        if (i == mark) {
            throw new Malformed("a name was expected");
        }
        nameLength = i - mark;
        return new String(b, mark, nameLength, StandardCharsets.UTF_8);
    }

    /** Appends the IRI at the mark to norm. */
    private void iri() throws Malformed, IOException {
        i++;
        while (has() && b[i] != '>' && b[i] != '\n') {
            i++;
        }
        if (!has() || b[i] != '>') {
            throw new Malformed("an IRI is not closed");
        }
        i++;
        norm.add(b, mark, i);
    }

    /**
     * Appends the parenthesised item at b[i] to norm with white space normalised outside literals
     * and IRIs: comments dropped, none next to a parenthesis, one space elsewhere; literals and
     * IRIs byte for byte. ('#' inside a name is part of it, as OWL API reads it.)
     */
    private void item() throws Malformed, IOException {
        int depth = 0;
        boolean pending = false;
        boolean inName = false;
        for (; ; ) {
            if (i >= end && !refill()) {
                throw new Malformed("an item is not closed");
            }
            byte[] src = b;
            int p = i;
            int stop = end;
            norm.room(stop - p + 1);
            byte[] o = norm.a;
            int n = norm.n;
            while (p < stop) {
                byte c = src[p];
                byte k = KIND[c & 0xff];
                if (k == NEWLINE || k == SPACE) {
                    if (k == NEWLINE) {
                        line++;
                        lineStart = base + p + 1;
                    }
                    pending = true;
                    inName = false;
                    p++;
                    continue;
                }
                if (k == OPEN || k == CLOSE) {
                    pending = false;
                    inName = false;
                    o[n++] = c;
                    p++;
                    depth += k == OPEN ? 1 : -1;
                    if (depth >= limit) {
                        throw new Malformed("nested too deeply");
                    }
                    if (depth == 0) {
                        i = p;
                        norm.n = n;
                        return;
                    }
                    continue;
                }
                if (k == HASH && !inName) {
                    int q = p;
                    while (q < stop && src[q] != '\n') {
                        q++;
                    }
                    if (q == stop) {
                        break; // the comment goes on past the buffer: read more, then skip it
                    }
                    p = q;
                    pending = true;
                    continue;
                }
                if (k == DELIM) {
                    if (c == '>') {
                        throw new Malformed("a '>' outside an IRI");
                    }
                    int q = quoted(src, p, stop);
                    if (q < 0) {
                        break; // the literal or IRI goes on past the buffer
                    }
                    if (pending) {
                        n = space(o, n);
                        pending = false;
                    }
                    System.arraycopy(src, p, o, n, q - p);
                    n += q - p;
                    p = q;
                    inName = false;
                    continue;
                }
                if (pending) {
                    n = space(o, n);
                    pending = false;
                }
                o[n++] = c;
                inName = true;
                p++;
            }
            i = p;
            norm.n = n;
            if (!refill()) {
                throw new Malformed("an item is not closed");
            }
        }
    }

    private static int space(byte[] o, int n) {
        byte last = o[n - 1];
        if (last != '(' && last != ')') {
            o[n++] = ' ';
        }
        return n;
    }

    /**
     * The end (exclusive) of the literal or IRI starting at p, counting the line breaks in a
     * literal; -1 when it does not end before stop (then nothing is counted).
     */
    private int quoted(byte[] src, int p, int stop) throws Malformed {
        int q = p + 1;
        if (src[p] == '<') {
            while (q < stop && src[q] != '>') {
                if (src[q] == '\n') {
                    throw new Malformed("a line break in an IRI");
                }
                q++;
            }
            return q < stop ? q + 1 : -1;
        }
        int lines = 0;
        long lastBreak = -1;
        while (q < stop && src[q] != '"') {
            if (src[q] == '\\') {
                q++;
            } else if (src[q] == '\n') {
                lines++;
                lastBreak = base + q + 1;
            }
            q++;
        }
        if (q >= stop) {
            return -1;
        }
        if (lines > 0) {
            line += lines;
            lineStart = lastBreak;
        }
        return q + 1;
    }

    /** A growable byte array. */
    static final class Bytes {
        byte[] a;
        int n;

        Bytes(int cap) {
            a = new byte[cap];
        }

        void room(int k) {
            if (n + k > a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, n + k));
            }
        }

        void add(byte[] src, int from, int to) {
            room(to - from);
            System.arraycopy(src, from, a, n, to - from);
            n += to - from;
        }

        void add(String s) {
            byte[] x = s.getBytes(StandardCharsets.UTF_8);
            add(x, 0, x.length);
        }

        byte[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
