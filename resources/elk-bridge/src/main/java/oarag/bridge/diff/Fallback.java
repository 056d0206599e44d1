package oarag.bridge.diff;

import oarag.bridge.model.Session;

/**
 * A reload that will not be incremental, and why (the result's {@code reason}); carries the edited
 * file when it was already parsed, so the full load does not parse it again.
 */
public final class Fallback extends Exception {
    private static final long serialVersionUID = 1L;
    public static final String NO_WARM_SESSION = "no-warm-session";
    static final String HEADER_CHANGED = "header-changed";
    public static final String IMPORTS = "imports";
    static final String TOO_MANY_CHANGES = "too-many-changes";
    public static final String FORMAT_CHANGED = "format-changed";
    public static final String INCONSISTENT = "inconsistent";
    public static final String INCREMENTAL_FAILED = "incremental-failed";

    /**
     * Above this share of the ontology's axioms changed, a full load costs about what an
     * incremental one does.
     */
    static final double MAX_CHANGED_SHARE = 0.10;

    public final String reason;
    public final transient Session parsed;

    public Fallback(String reason, Session parsed) {
        super(reason, null, false, false);
        this.reason = reason;
        this.parsed = parsed;
    }

    static boolean tooMany(int changed, int total) {
        return changed > MAX_CHANGED_SHARE * Math.max(total, 1);
    }
}
