package oarag.bridge.load;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import oarag.bridge.common.BridgeException;
import oarag.bridge.model.Format;

/**
 * A streaming scan of a document's nesting depth before any parser sees it: parentheses in
 * functional syntax, brackets and collections in Turtle, elements in RDF/XML and OWL/XML. Strings,
 * IRIs and comments are skipped. A document nested past the limit is refused with its line, so that
 * the recursive parsers and ELK are never asked to descend further than they safely can. Linear in
 * the file size and constant in memory.
 */
public final class Depth {
    private Depth() {}

    static final int DEFAULT_LIMIT = 15_000;

    public static int limit() {
        String v = System.getenv("OARAG_MAX_NESTING");
        try {
            int n = v == null ? DEFAULT_LIMIT : Integer.parseInt(v.trim());
            return n > 0 ? n : DEFAULT_LIMIT;
        } catch (NumberFormatException e) {
            return DEFAULT_LIMIT;
        }
    }

    /** Throws TOO_DEEP when the document nests deeper than {@code limit}. */
    static void check(File file, Format format, Charset wide, int limit)
            throws BridgeException, IOException {
        if (format == Format.OBO) {
            return; // OBO stanzas do not nest
        }
        boolean xml = format == Format.RDFXML || format == Format.OWLXML;
        int[] at;
        if (wide == null) {
            // UTF-8 bytes: every character this scan looks at is ASCII, and no byte of a multi-byte
            // sequence is, so the bytes can be scanned without decoding them (several times
            // faster).
            try (InputStream in = new FileInputStream(file)) {
                Chars src = new Bytes(in);
                at = xml ? xmlDepth(src, limit) : bracketDepth(src, limit, format == Format.TURTLE);
            }
        } else {
            try (Reader r =
                    new BufferedReader(
                            new InputStreamReader(
                                    new FileInputStream(file),
                                    wide.newDecoder()
                                            .onMalformedInput(CodingErrorAction.REPLACE)
                                            .onUnmappableCharacter(CodingErrorAction.REPLACE)),
                            1 << 16)) {
                Chars src = r::read;
                at = xml ? xmlDepth(src, limit) : bracketDepth(src, limit, format == Format.TURTLE);
            }
        }
        if (at != null) {
            throw new BridgeException(
                    "TOO_DEEP",
                    "The file "
                            + file.getName()
                            + " nests expressions more than "
                            + limit
                            + " levels deep (line "
                            + at[0]
                            + "); flatten it or raise the limit (OARAG_MAX_NESTING).");
        }
    }

    /** The next character (or byte), or -1 at the end. */
    @FunctionalInterface
    private interface Chars {
        int read() throws IOException;
    }

    /** The bytes of a stream through a buffer of its own, without a lock per byte. */
    private static final class Bytes implements Chars {
        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int end;

        Bytes(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            if (pos == end) {
                end = in.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    return -1;
                }
            }
            return buf[pos++] & 0xff;
        }
    }

    /** The line where the depth first exceeds the limit, or null. */
    private static int[] bracketDepth(Chars r, int limit, boolean turtle) throws IOException {
        int depth = 0;
        int line = 1;
        int c;
        while ((c = r.read()) >= 0) {
            if (c == '\n') {
                line++;
            } else if (c == '"' || (turtle && c == '\'')) {
                int q = c;
                while ((c = r.read()) >= 0 && c != q) {
                    if (c == '\\') {
                        r.read();
                    } else if (c == '\n') {
                        line++;
                    }
                }
            } else if (c == '<') {
                while ((c = r.read()) >= 0 && c != '>' && c != '\n') {
                    // an IRI
                }
                if (c == '\n') {
                    line++;
                }
            } else if (c == '#') {
                while ((c = r.read()) >= 0 && c != '\n') {
                    // a comment
                }
                line++;
            } else if (c == '(' || (turtle && c == '[')) {
                if (++depth > limit) {
                    return new int[] {line};
                }
            } else if (c == ')' || (turtle && c == ']')) {
                depth = Math.max(0, depth - 1);
            }
        }
        return null;
    }

    private static int[] xmlDepth(Chars r, int limit) throws IOException {
        int depth = 0;
        int line = 1;
        int c;
        while ((c = r.read()) >= 0) {
            if (c == '\n') {
                line++;
                continue;
            }
            if (c != '<') {
                continue;
            }
            c = r.read();
            if (c == '?' || c == '!') {
                // declarations, comments, CDATA, DOCTYPE: skip to the closing '>' (good enough for
                // depth)
                while ((c = r.read()) >= 0 && c != '>') {
                    if (c == '\n') {
                        line++;
                    }
                }
                continue;
            }
            boolean closing = c == '/';
            int prev = c;
            char quote = 0;
            while ((c = r.read()) >= 0) {
                if (c == '\n') {
                    line++;
                }
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = (char) c;
                } else if (c == '>') {
                    break;
                }
                prev = c;
            }
            if (closing) {
                depth = Math.max(0, depth - 1);
            } else if (prev != '/') {
                if (++depth > limit) {
                    return new int[] {line};
                }
            }
        }
        return null;
    }
}
