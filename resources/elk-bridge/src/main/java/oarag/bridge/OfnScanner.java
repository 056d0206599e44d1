package oarag.bridge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits an OWL functional-syntax document into its header and its top-level axioms without parsing them, so a
 * reload finds the axioms an edit touched by comparing text (docs/bridge-protocol.md, {@code reload}). It works on
 * the UTF-8 bytes: no multi-byte character contains an ASCII byte, so parentheses, quotes, {@code <>} and {@code #}
 * are found exactly. Anything it does not follow is {@link Malformed}, and the caller reads the file the full way.
 */
final class OfnScanner {
    /** The document is not shaped as this scanner expects (which need not mean OWL API would reject it). */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String why) {
            super(why);
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

    private final byte[] b;
    private int i;
    private int line = 1;
    private int lineStart;
    private final Bytes header = new Bytes(256);
    private final Bytes prefixes = new Bytes(256);
    /** Normalised axioms; never longer than the input consumed so far, so it is allocated once. */
    private final Bytes arena;
    private final IntList starts = new IntList(1024);
    private final IntList srcStarts = new IntList(1024);
    private final IntList srcEnds = new IntList(1024);
    private final IntList lines = new IntList(1024);
    private final IntList cols = new IntList(1024);

    /** Deepest nesting allowed (the load's own limit, {@link Depth}); deeper is left to the full load to refuse. */
    private final int limit;

    private OfnScanner(byte[] b, int limit) {
        this.b = b;
        this.limit = limit;
        this.arena = new Bytes(b.length + 16);
    }

    static OfnScan scan(byte[] doc, int limit) throws Malformed {
        OfnScanner s = new OfnScanner(doc, limit);
        s.document();
        int n = s.srcStarts.size();
        s.starts.add(s.arena.n);
        int[] start = s.starts.toArray();
        long[] hash = new long[n];
        for (int k = 0; k < n; k++) {
            hash[k] = OfnChunks.hash(s.arena.a, start[k], start[k + 1]);
        }
        OfnChunks chunks = new OfnChunks(s.header.toArray(), s.prefixes.toArray(), s.arena.a, start, hash);
        return new OfnScan(chunks, doc, s.srcStarts.toArray(), s.srcEnds.toArray(), s.lines.toArray(),
            s.cols.toArray());
    }

    private void document() throws Malformed {
        if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            i = 3;
        }
        for (;;) {
            skipSpace();
            if (i >= b.length) {
                throw new Malformed("no Ontology(...)");
            }
            String name = name();
            skipSpace();
            if (i >= b.length || b[i] != '(') {
                throw new Malformed("a top-level name without a parenthesis");
            }
            if (name.equals("Prefix")) {
                int from = header.n;
                headerItem(name);
                prefixes.add(header.a, from, header.n);
            } else if (name.equals("Ontology")) {
                i++;
                header.add("Ontology(\n");
                break;
            } else {
                throw new Malformed("a top-level item other than Prefix and Ontology");
            }
        }
        body();
        skipSpace();
        if (i < b.length) {
            throw new Malformed("text after the ontology");
        }
    }

    /** The items of Ontology(...): IRIs, Import and Annotation belong to the header, everything else is an axiom. */
    private void body() throws Malformed {
        for (;;) {
            skipSpace();
            if (i >= b.length) {
                throw new Malformed("the ontology is not closed");
            }
            byte c = b[i];
            if (c == ')') {
                i++;
                header.add(")\n");
                return;
            }
            if (c == '<') {
                int from = i;
                while (i < b.length && b[i] != '>' && b[i] != '\n') {
                    i++;
                }
                if (i >= b.length || b[i] != '>') {
                    throw new Malformed("an IRI is not closed");
                }
                i++;
                header.add(b, from, i);
                header.add("\n");
                continue;
            }
            if (KIND[c & 0xff] != PLAIN) {
                throw new Malformed("an item without a name");
            }
            int at = i;
            int atLine = line;
            int atCol = i - lineStart + 1;
            String name = name();
            skipSpace();
            if (i >= b.length || b[i] != '(') {
                header.add(name); // the ontology or version IRI as a prefixed name
                header.add("\n");
            } else if (name.equals("Import") || name.equals("Annotation")) {
                headerItem(name);
            } else {
                starts.add(arena.n);
                srcStarts.add(at);
                lines.add(atLine);
                cols.add(atCol);
                arena.add(b, at, nameEnd);
                item();
                srcEnds.add(i);
            }
        }
    }

    /** A header item, normalised through the end of the arena and moved to the header. */
    private void headerItem(String name) throws Malformed {
        int from = arena.n;
        arena.add(b, nameEnd - name.length(), nameEnd);
        item();
        header.add(arena.a, from, arena.n);
        header.add("\n");
        arena.n = from;
    }

    /** Skips white space and comments between tokens ('#' at the start of a token opens a comment). */
    private void skipSpace() {
        while (i < b.length) {
            byte k = KIND[b[i] & 0xff];
            if (k == NEWLINE) {
                line++;
                lineStart = i + 1;
                i++;
            } else if (k == SPACE) {
                i++;
            } else if (k == HASH) {
                while (i < b.length && b[i] != '\n') {
                    i++;
                }
            } else {
                return;
            }
        }
    }

    /** End of the last name read. */
    private int nameEnd;

    private String name() throws Malformed {
        int from = i;
        while (i < b.length && KIND[b[i] & 0xff] == PLAIN || i < b.length && b[i] == '#' && i > from) {
            i++;
        }
        if (i == from) {
            throw new Malformed("a name was expected");
        }
        nameEnd = i;
        return new String(b, from, i - from, StandardCharsets.UTF_8);
    }

    /**
     * Appends the parenthesised item at b[i] to the arena with white space normalised outside literals and IRIs:
     * comments dropped, none next to a parenthesis, one space elsewhere; literals and IRIs byte for byte. ('#'
     * inside a name is part of it, as OWL API reads it.)
     */
    private void item() throws Malformed {
        final byte[] src = b;
        final byte[] o = arena.a;
        final int end = src.length;
        int p = i;
        int n = arena.n;
        int depth = 0;
        boolean pending = false;
        boolean inName = false;
        while (p < end) {
            byte c = src[p];
            byte k = KIND[c & 0xff];
            if (k == NEWLINE || k == SPACE) {
                if (k == NEWLINE) {
                    line++;
                    lineStart = p + 1;
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
                    arena.n = n;
                    return;
                }
                continue;
            }
            if (k == HASH && !inName) {
                while (p < end && src[p] != '\n') {
                    p++;
                }
                pending = true;
                continue;
            }
            if (pending) {
                byte last = o[n - 1];
                if (last != '(' && last != ')') {
                    o[n++] = ' ';
                }
                pending = false;
            }
            if (c == '"') {
                int from = p++;
                while (p < end && src[p] != '"') {
                    if (src[p] == '\\') {
                        p++;
                    }
                    if (p < end && src[p] == '\n') {
                        line++;
                        lineStart = p + 1;
                    }
                    p++;
                }
                if (p >= end) {
                    throw new Malformed("a literal is not closed");
                }
                p++;
                System.arraycopy(src, from, o, n, p - from);
                n += p - from;
                inName = false;
            } else if (c == '<') {
                int from = p++;
                while (p < end && src[p] != '>' && src[p] != '\n') {
                    p++;
                }
                if (p >= end || src[p] != '>') {
                    throw new Malformed("an IRI is not closed");
                }
                p++;
                System.arraycopy(src, from, o, n, p - from);
                n += p - from;
                inName = false;
            } else if (c == '>') {
                throw new Malformed("a '>' outside an IRI");
            } else {
                o[n++] = c;
                inName = true;
                p++;
            }
        }
        throw new Malformed("an item is not closed");
    }

    /** A growable byte array. */
    static final class Bytes {
        byte[] a;
        int n;

        Bytes(int cap) {
            a = new byte[cap];
        }

        void add(byte[] src, int from, int to) {
            if (n + to - from > a.length) {
                a = Arrays.copyOf(a, Math.max(a.length * 2, n + to - from));
            }
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
