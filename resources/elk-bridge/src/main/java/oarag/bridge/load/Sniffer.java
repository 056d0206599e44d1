package oarag.bridge.load;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import oarag.bridge.common.BridgeException;
import oarag.bridge.model.Format;

/** Detects the syntax of an ontology document from its first bytes, never from its extension. */
public final class Sniffer {
    private Sniffer() {}

    static final int HEAD = 64 * 1024;

    private static final Pattern OBO_HEADER_TAG =
            Pattern.compile(
                    "(?m)^(format-version|data-version|ontology|date|saved-by|auto-generated-by|default-namespace|"
                            + "subsetdef|synonymtypedef|idspace|import|remark|namespace-id-rule|treat-xrefs-as-[a-z-]+|"
                            + "owl-axioms|property_value)\\s*:");
    private static final Pattern OBO_STANZA =
            Pattern.compile("(?m)^\\[(Term|Typedef|Instance)\\]\\s*$");
    private static final Pattern TAG_VALUE_LINE = Pattern.compile("^[A-Za-z][A-Za-z0-9_-]*:\\s");
    private static final Pattern XML_ROOT =
            Pattern.compile("<([A-Za-z_][\\w.-]*:)?([A-Za-z_][\\w.-]*)[\\s/>]");
    private static final Pattern TURTLE_IRI_TRIPLE =
            Pattern.compile("^<[^>\\s]*:[^>\\s]*>\\s*(<|[A-Za-z_][\\w.-]*:|a\\s)");
    private static final Pattern TURTLE_PNAME_TRIPLE =
            Pattern.compile("^([A-Za-z][\\w.-]*)?:[\\w.-]*\\s+([A-Za-z][\\w.-]*)?:");

    public static Format detect(File file) throws BridgeException, IOException {
        byte[] buf = new byte[HEAD];
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            int r;
            while (n < buf.length && (r = in.read(buf, n, buf.length - n)) > 0) {
                n += r;
            }
        }
        if (n == 0) {
            throw new BridgeException("EMPTY_FILE", "The file " + file.getName() + " is empty.");
        }
        if (n >= 2 && (buf[0] & 0xff) == 0x1f && (buf[1] & 0xff) == 0x8b) {
            throw new BridgeException(
                    "UNSUPPORTED_FORMAT",
                    "The file "
                            + file.getName()
                            + " is gzip-compressed; decompress it before loading.");
        }
        if (n >= 4 && buf[0] == 'P' && buf[1] == 'K' && buf[2] == 3 && buf[3] == 4) {
            throw new BridgeException(
                    "UNSUPPORTED_FORMAT",
                    "The file " + file.getName() + " is a ZIP archive, not an ontology document.");
        }
        String text;
        int start = 0;
        Charset wide = wideCharset(buf, n);
        if (wide != null) {
            int bom = wide.name().startsWith("UTF-32") ? 4 : 2;
            int unit = bom;
            text = new String(buf, bom, ((n - bom) / unit) * unit, wide);
        } else {
            if (n >= 3
                    && (buf[0] & 0xff) == 0xef
                    && (buf[1] & 0xff) == 0xbb
                    && (buf[2] & 0xff) == 0xbf) {
                start = 3;
            }
            int control = 0;
            for (int i = start; i < n; i++) {
                int b = buf[i] & 0xff;
                if (b == 0) {
                    control += 1000;
                } else if (b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f') {
                    control++;
                }
            }
            if (control * 50 > (n - start) || control >= 1000) {
                throw new BridgeException(
                        "UNSUPPORTED_FORMAT",
                        "The file "
                                + file.getName()
                                + " is binary data, not an ontology document.");
            }
            text = new String(buf, start, n - start, StandardCharsets.UTF_8);
        }
        String body = skipCommentsAndSpace(text);
        if (body.isEmpty()) {
            throw new BridgeException(
                    "EMPTY_FILE", "The file " + file.getName() + " contains no ontology content.");
        }
        Format f = classify(body, text);
        if (f == null) {
            throw new BridgeException(
                    "UNSUPPORTED_FORMAT",
                    "The file "
                            + file.getName()
                            + " is not in a supported syntax (RDF/XML, OWL/XML, OWL functional syntax, Turtle or OBO).");
        }
        return f;
    }

    /**
     * UTF-16 or UTF-32 (either byte order) when the document starts with that byte order mark, else
     * null.
     */
    static Charset wideCharset(byte[] b, int n) {
        int b0 = n > 0 ? b[0] & 0xff : -1;
        int b1 = n > 1 ? b[1] & 0xff : -1;
        int b2 = n > 2 ? b[2] & 0xff : -1;
        int b3 = n > 3 ? b[3] & 0xff : -1;
        if (b0 == 0 && b1 == 0 && b2 == 0xfe && b3 == 0xff) {
            return Charset.forName("UTF-32BE");
        }
        if (b0 == 0xff && b1 == 0xfe && b2 == 0 && b3 == 0) {
            return Charset.forName("UTF-32LE");
        }
        if (b0 == 0xfe && b1 == 0xff) {
            return StandardCharsets.UTF_16BE;
        }
        if (b0 == 0xff && b1 == 0xfe) {
            return StandardCharsets.UTF_16LE;
        }
        return null;
    }

    /**
     * The wide charset of a file (see {@link #wideCharset}), or null for UTF-8 and other byte
     * encodings.
     */
    static Charset wideCharset(File file) throws IOException {
        byte[] head = new byte[4];
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            int r;
            while (n < 4 && (r = in.read(head, n, 4 - n)) > 0) {
                n += r;
            }
        }
        return wideCharset(head, n);
    }

    /** Skips leading white space and '#' (Turtle, functional) or '!' (OBO) line comments. */
    private static String skipCommentsAndSpace(String t) {
        int i = 0;
        final int n = t.length();
        while (i < n) {
            char c = t.charAt(i);
            if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
            } else if (c == '#' || c == '!') {
                while (i < n && t.charAt(i) != '\n') {
                    i++;
                }
            } else {
                break;
            }
        }
        return t.substring(i);
    }

    private static Format classify(String body, String whole) throws BridgeException {
        if (body.startsWith("<")) {
            if (TURTLE_IRI_TRIPLE.matcher(body).find()) {
                return Format.TURTLE;
            }
            return xmlRoot(body);
        }
        String lower = body.substring(0, Math.min(body.length(), 64)).toLowerCase(Locale.ROOT);
        if (body.matches("(?s)^(Prefix|Ontology|Import|Declaration)\\s*\\(.*")) {
            return Format.FUNCTIONAL;
        }
        if (body.matches("(?s)^(Prefix|Ontology|Class|ObjectProperty)\\s*:.*")
                && !OBO_STANZA.matcher(whole).find()) {
            throw new BridgeException(
                    "UNSUPPORTED_FORMAT",
                    "Manchester syntax is not supported; save the ontology as RDF/XML, OWL/XML or functional syntax.");
        }
        if (lower.startsWith("@prefix")
                || lower.startsWith("@base")
                || lower.matches("(?s)^(prefix|base)\\s.*")) {
            return Format.TURTLE;
        }
        if (body.startsWith("[Term]")
                || body.startsWith("[Typedef]")
                || body.startsWith("[Instance]")) {
            return Format.OBO;
        }
        String firstLine = body.split("\n", 2)[0];
        if (TAG_VALUE_LINE.matcher(firstLine).find()
                && (OBO_HEADER_TAG.matcher(whole).find() || OBO_STANZA.matcher(whole).find())) {
            return Format.OBO;
        }
        if (body.startsWith("{") || body.startsWith("[")) {
            throw new BridgeException(
                    "UNSUPPORTED_FORMAT",
                    "JSON (JSON-LD or OBO Graphs) is not supported; save the ontology as RDF/XML, OWL/XML, functional syntax, Turtle or OBO.");
        }
        if (body.startsWith("_:") || TURTLE_PNAME_TRIPLE.matcher(body).find()) {
            return Format.TURTLE;
        }
        return null;
    }

    private static Format xmlRoot(String body) throws BridgeException {
        int i = 0;
        final int n = body.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(body.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            if (body.startsWith("<?", i)) {
                int e = body.indexOf("?>", i);
                if (e < 0) {
                    return null;
                }
                i = e + 2;
            } else if (body.startsWith("<!--", i)) {
                int e = body.indexOf("-->", i);
                if (e < 0) {
                    return null;
                }
                i = e + 3;
            } else if (body.startsWith("<!", i)) {
                // DOCTYPE, possibly with an internal subset [ ... ]
                int depth = 0;
                int j = i + 2;
                while (j < n) {
                    char c = body.charAt(j);
                    if (c == '[') {
                        depth++;
                    } else if (c == ']') {
                        depth--;
                    } else if (c == '>' && depth <= 0) {
                        break;
                    }
                    j++;
                }
                i = j + 1;
            } else if (body.charAt(i) == '<') {
                Matcher m = XML_ROOT.matcher(body);
                if (m.find(i) && m.start() == i) {
                    String local = m.group(2);
                    if (local.equals("RDF")) {
                        return Format.RDFXML;
                    }
                    if (local.equals("Ontology")) {
                        return Format.OWLXML;
                    }
                    throw new BridgeException(
                            "UNSUPPORTED_FORMAT",
                            "The XML document has root element <"
                                    + (m.group(1) == null ? "" : m.group(1))
                                    + local
                                    + ">, which is neither RDF/XML nor OWL/XML.");
                }
                return null;
            } else {
                return null;
            }
        }
        throw new BridgeException("EMPTY_FILE", "The XML document has no root element.");
    }
}
