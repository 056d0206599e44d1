package oarag.bridge.common;

/** UTF-8 straight from chars into a byte buffer: no String, no charset encoder. */
public final class Utf8 {
    private Utf8() {}

    /**
     * Encodes s into b from k (which has room for 3 bytes a char) and returns the end; a lone
     * surrogate becomes '?', as Java's encoder writes it.
     */
    public static int encode(CharSequence s, byte[] b, int k) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[k++] = (byte) c;
            } else if (c < 0x800) {
                b[k++] = (byte) (0xc0 | c >> 6);
                b[k++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isSurrogate(c)) {
                char d = i + 1 < n ? s.charAt(i + 1) : 0;
                if (Character.isHighSurrogate(c) && Character.isLowSurrogate(d)) {
                    int cp = Character.toCodePoint(c, d);
                    i++;
                    b[k++] = (byte) (0xf0 | cp >> 18);
                    b[k++] = (byte) (0x80 | cp >> 12 & 0x3f);
                    b[k++] = (byte) (0x80 | cp >> 6 & 0x3f);
                    b[k++] = (byte) (0x80 | cp & 0x3f);
                } else {
                    b[k++] = '?';
                }
            } else {
                b[k++] = (byte) (0xe0 | c >> 12);
                b[k++] = (byte) (0x80 | c >> 6 & 0x3f);
                b[k++] = (byte) (0x80 | c & 0x3f);
            }
        }
        return k;
    }
}
