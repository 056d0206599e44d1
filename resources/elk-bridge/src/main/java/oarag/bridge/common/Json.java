package oarag.bridge.common;

/** Minimal, allocation-light JSON string escaping for the NDJSON dump and protocol lines. */
public final class Json {
    private Json() {}

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    public static StringBuilder str(StringBuilder sb, String s) {
        if (s == null) {
            return sb.append("null");
        }
        sb.append('"');
        final int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                case '\b':
                    sb.append("\\b");
                    break;
                case '\f':
                    sb.append("\\f");
                    break;
                default:
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        hex(sb, c);
                    } else if (Character.isSurrogate(c)) {
                        // keep valid pairs, escape lone surrogates (they cannot be encoded as
                        // UTF-8)
                        if (Character.isHighSurrogate(c)
                                && i + 1 < n
                                && Character.isLowSurrogate(s.charAt(i + 1))) {
                            sb.append(c).append(s.charAt(++i));
                        } else {
                            hex(sb, c);
                        }
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"');
    }

    private static void hex(StringBuilder sb, char c) {
        sb.append("\\u")
                .append(HEX[(c >> 12) & 15])
                .append(HEX[(c >> 8) & 15])
                .append(HEX[(c >> 4) & 15])
                .append(HEX[c & 15]);
    }

    static StringBuilder key(StringBuilder sb, String k) {
        return str(sb, k).append(':');
    }

    /** Seconds (or any figure) rounded to 3 decimals, as the dump and the results print them. */
    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
