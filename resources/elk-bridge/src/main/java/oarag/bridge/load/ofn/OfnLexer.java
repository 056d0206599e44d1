package oarag.bridge.load.ofn;

import java.nio.charset.StandardCharsets;

/**
 * Tokens of an OWL functional-syntax document as OWL API 5.1.20's own tokenizer (CustomTokenizer)
 * cuts them, read from the UTF-8 bytes of one range of the document: no multi-byte character
 * contains an ASCII byte, so every delimiter is found exactly. Where that tokenizer would produce
 * an error token, or where the bytes could mean something this reader does not reproduce exactly (a
 * malformed UTF-8 sequence, a non-ASCII digit), it gives up.
 */
final class OfnLexer {
    static final int EOF = 0;
    static final int OPEN = 1;
    static final int CLOSE = 2;
    static final int FULL_IRI = 3;

    /** A prefixed name {@code p:local} (OWL API: PNAME_LN). */
    static final int PNAME = 4;

    /** A prefix name {@code p:} (PNAME_NS). */
    static final int PNAME_NS = 5;

    /** A blank node {@code _:x}. */
    static final int NODE_ID = 6;

    /** Text that is no keyword and has no colon (PN_LOCAL: a language tag). */
    static final int WORD = 7;

    static final int KEYWORD = 8;
    static final int STRING = 9;
    static final int AT = 10;
    static final int DATATYPE = 11;
    static final int EQUALS = 12;
    static final int INT = 13;

    /** Bytes that end a name (CustomTokenizer.readTextualToken). */
    private static final boolean[] STOP = new boolean[256];

    static {
        for (char c : "=\"()<>@^\r\n \t".toCharArray()) {
            STOP[c] = true;
        }
    }

    final byte[] b;
    private final int end;

    /**
     * Whether {@link #end} is the end of the document, rather than a cut between two halves of its
     * body.
     */
    private final boolean docEnd;

    private int p;

    int kind;

    /** Where the current token starts in the document. */
    int tokenStart;

    /** The token's text: a name, the inside of {@code <...>} or of a string's quotes. */
    int start;

    int stop;

    /** Keyword code ({@link OfnKeywords}) when kind is KEYWORD. */
    int keyword;

    /** Offset of the first colon of a prefixed name. */
    int colon;

    /** Whether the text is all ASCII (a string: and has no escape). */
    boolean plain;

    OfnLexer(byte[] b, int from, int end, boolean docEnd) {
        this.b = b;
        this.p = from;
        this.end = end;
        this.docEnd = docEnd;
    }

    /**
     * This reader cannot take the document further; {@code atCut} when that is because its range
     * ended early.
     */
    OfnGiveUp giveUp(String why) {
        return new OfnGiveUp(why, !docEnd && (kind == EOF || p >= end));
    }

    void next() {
        byte[] a = b;
        for (; ; ) {
            if (p >= end) {
                kind = EOF;
                tokenStart = start = stop = p;
                return;
            }
            byte c = a[p];
            tokenStart = p;
            switch (c) {
                case ' ':
                case '\t':
                case '\r':
                case '\n':
                    p++;
                    continue;
                case '#':
                    while (p < end && a[p] != '\n') {
                        p++;
                    }
                    continue;
                case '(':
                    p++;
                    kind = OPEN;
                    return;
                case ')':
                    p++;
                    kind = CLOSE;
                    return;
                case '@':
                    p++;
                    kind = AT;
                    return;
                case '=':
                    p++;
                    kind = EQUALS;
                    return;
                case '^':
                    if (p + 1 >= end || a[p + 1] != '^') {
                        p++;
                        throw giveUp("a lone ^");
                    }
                    p += 2;
                    kind = DATATYPE;
                    return;
                case '"':
                    string();
                    return;
                case '<':
                    fullIri();
                    return;
                default:
                    if (c >= '0' && c <= '9') {
                        number();
                    } else {
                        name();
                    }
                    return;
            }
        }
    }

    private void string() {
        byte[] a = b;
        int i = p + 1;
        boolean ascii = true;
        for (; ; ) {
            if (i >= end) {
                p = i;
                throw giveUp("an unterminated string");
            }
            byte c = a[i];
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                if (i + 1 >= end) {
                    p = end;
                    throw giveUp("an unterminated string");
                }
                byte e = a[i + 1];
                if (e != '\\' && e != '"') {
                    throw giveUp("a bad escape");
                }
                ascii = false;
                i += 2;
                continue;
            }
            if (c < 0) {
                ascii = false;
            }
            i++;
        }
        kind = STRING;
        start = p + 1;
        stop = i;
        plain = ascii;
        p = i + 1;
    }

    private void fullIri() {
        byte[] a = b;
        int i = p + 1;
        boolean ascii = true;
        while (i < end && a[i] != '>') {
            if (a[i] < 0) {
                ascii = false;
            }
            i++;
        }
        if (i >= end) {
            p = end;
            throw giveUp("an unterminated IRI");
        }
        kind = FULL_IRI;
        start = p + 1;
        stop = i;
        plain = ascii;
        p = i + 1;
    }

    private void number() {
        byte[] a = b;
        int i = p;
        while (i < end && a[i] >= '0' && a[i] <= '9') {
            i++;
        }
        if (i < end && a[i] < 0) {
            throw giveUp(
                    "a number followed by a non-ASCII character"); // OWL API reads Unicode digits
            // on
        }
        kind = INT;
        start = p;
        stop = i;
        plain = true;
        p = i;
    }

    private void name() {
        byte[] a = b;
        int i = p;
        int first = -1;
        int last = -1;
        boolean ascii = true;
        while (i < end) {
            byte c = a[i];
            if (c < 0) {
                ascii = false;
            } else if (STOP[c]) {
                break;
            } else if (c == ':') {
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
            i++;
        }
        start = p;
        stop = i;
        plain = ascii;
        p = i;
        if (last >= 0) {
            colon = first;
            if (last == stop - 1) {
                kind = PNAME_NS;
            } else if (stop - start >= 2 && a[start] == '_' && a[start + 1] == ':') {
                kind = NODE_ID;
            } else {
                kind = PNAME;
            }
            return;
        }
        keyword = ascii ? OfnKeywords.find(a, start, stop) : -1;
        kind = keyword >= 0 ? KEYWORD : WORD;
    }

    /** The token's text as a Java string (escapes of a string literal undone). */
    String text() {
        return text(start, stop);
    }

    String text(int from, int to) {
        String s =
                new String(
                        b,
                        from,
                        to - from,
                        plain ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        if (plain) {
            return s;
        }
        if (s.indexOf('\uFFFD') >= 0) {
            // a malformed sequence: how OWL API's stream decoder replaces it need not match a
            // decode of this range
            throw giveUp("a malformed UTF-8 sequence or U+FFFD");
        }
        return kind == STRING ? unescape(s) : s;
    }

    /** OWL API's EscapeUtils.unescapeString for what its tokenizer lets through: \\ and \". */
    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length()) {
                sb.append(s.charAt(++i));
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }
}
