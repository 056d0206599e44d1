package oarag.bridge.load;

import java.io.File;
import java.util.Collection;
import oarag.bridge.model.Format;
import org.semanticweb.owlapi.io.OWLParserException;
import org.semanticweb.owlapi.io.UnparsableOntologyException;

/**
 * Parser failures as one readable sentence: the file, the line (and column) and the kind of
 * problem, never the document's own text.
 */
public final class ParseErrors {
    private ParseErrors() {}

    public static String parseMessage(File file, Format format, Exception e) {
        Throwable best = e;
        int line = -1;
        if (e instanceof UnparsableOntologyException) {
            Collection<OWLParserException> ex =
                    ((UnparsableOntologyException) e).getExceptions().values();
            if (!ex.isEmpty()) {
                best = ex.iterator().next();
            }
        }
        if (best instanceof OWLParserException) {
            line = ((OWLParserException) best).getLineNumber();
        }
        // look for the most specific cause (SAX errors carry their own line numbers)
        String detail = null;
        for (Throwable t = best; t != null; t = t.getCause()) {
            if (t instanceof org.xml.sax.SAXParseException) {
                org.xml.sax.SAXParseException sp = (org.xml.sax.SAXParseException) t;
                if (sp.getLineNumber() > 0) {
                    line = sp.getLineNumber();
                }
                detail = sp.getMessage();
                break;
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                detail = t.getMessage();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        detail = clean(detail == null ? best.getClass().getSimpleName() : detail);
        int column = -1;
        if (line <= 0) {
            // JavaCC parsers (functional syntax, Turtle, Manchester) keep the position in
            // currentToken.next
            for (Throwable t = best;
                    t != null && line <= 0;
                    t = t.getCause() == t ? null : t.getCause()) {
                int[] pos = javaccPosition(t);
                if (pos != null) {
                    line = pos[0];
                    column = pos[1];
                }
            }
        }
        java.util.regex.Matcher lm =
                java.util.regex.Pattern.compile("^LINENO:\\s*(\\d+)\\s*-\\s*").matcher(detail);
        if (lm.find()) {
            line = Integer.parseInt(lm.group(1));
            detail = detail.substring(lm.end());
        }
        detail = detail.replaceAll("\\s*\\(Line \\d+\\)$", "");
        java.util.regex.Matcher rm =
                java.util.regex.Pattern.compile("\\s*\\[line (\\d+)(, column (\\d+))?\\]$")
                        .matcher(detail);
        if (rm.find()) {
            if (line <= 0) {
                line = Integer.parseInt(rm.group(1));
            }
            if (rm.group(3) != null && column <= 0) {
                column = Integer.parseInt(rm.group(3));
            }
            detail = detail.substring(0, rm.start());
        }
        if (line <= 0) {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("(?i)\\bline[:\\s]+(\\d+)").matcher(detail);
            if (m.find()) {
                line = Integer.parseInt(m.group(1));
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("The file ").append(file.getName()).append(" is not valid ").append(format.label);
        if (line > 0) {
            sb.append(" (line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
            sb.append(')');
        }
        detail = redact(detail);
        sb.append(": ").append(detail);
        if (!detail.endsWith(".")) {
            sb.append('.');
        }
        return sb.toString();
    }

    /**
     * A parser message without the document's own text: quoted tokens longer than a few characters
     * and whatever follows "found:" are replaced by an ellipsis, so pointing the loader at a
     * private file never echoes it. The file name, line, column and the kind of problem remain.
     */
    static String redact(String detail) {
        String d =
                detail.replaceAll("\"[^\"]{4,}\"", "\"…\"")
                        .replaceAll("(^|[\\s(])'[^']{4,}'(?=$|[\\s,.):;])", "$1'…'");
        d = d.replaceAll("(?i)(found:?)\\s+[^\"'].*$", "$1 …");
        d =
                d.replaceAll(
                        "(?i)(Encountered)\\s+.*?(\\s+at line|\\.\\s|$)",
                        "$1 an unexpected token$2");
        return d;
    }

    /**
     * Line and column of the offending token of a JavaCC ParseException (via its public fields), or
     * null.
     */
    static int[] javaccPosition(Throwable t) {
        try {
            Object tok = field(t, "currentToken");
            if (tok == null) {
                return null;
            }
            Object next = field(tok, "next");
            Object at = next != null ? next : tok;
            int line = (Integer) field(at, "beginLine");
            int col = (Integer) field(at, "beginColumn");
            return line > 0 ? new int[] {line, col} : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = o.getClass().getField(name);
        f.setAccessible(true); // the JavaCC classes are package-private
        return f.get(o);
    }

    /** Reduces a (possibly multi-line, very long) parser message to one readable clause. */
    static String clean(String s) {
        String t = s.replace('\r', '\n');
        // OWL API often prefixes with the parser class and a stack of "Parser: ..." lines; keep the
        // first meaningful line
        String[] lines = t.split("\n");
        String pick = null;
        for (String l : lines) {
            String x = l.trim();
            if (x.isEmpty()
                    || x.startsWith("Stack trace")
                    || x.startsWith("at ")
                    || x.startsWith("Problem parsing")
                    || x.startsWith("Could not parse")
                    || x.startsWith("Parser: ")
                    || x.startsWith("-----")) {
                continue;
            }
            pick = x;
            break;
        }
        if (pick == null) {
            pick = lines.length > 0 ? lines[0].trim() : s;
        }
        pick =
                pick.replaceAll(
                        "^(org\\.[\\w.]+|java\\.[\\w.]+|uk\\.[\\w.]+)(Exception|Error):\\s*", "");
        pick = pick.replaceAll("\\s+", " ");
        if (pick.length() > 300) {
            pick = pick.substring(0, 297) + "...";
        }
        return pick;
    }

    public static String shortCause(Throwable e) {
        Throwable t = e;
        String msg = null;
        while (t != null) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                msg = t.getMessage();
            }
            if (t.getCause() == null || t.getCause() == t) {
                break;
            }
            t = t.getCause();
        }
        if (msg == null) {
            msg = e.getClass().getSimpleName();
        }
        String c = clean(msg);
        if (c.endsWith(".")) {
            c = c.substring(0, c.length() - 1);
        }
        return c;
    }
}
