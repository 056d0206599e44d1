package oarag.bridge.model;

import java.util.Map;

/** A load warning {code, message, iri?, counts?}, e.g. unresolved-import or non-el. */
public final class Warning {
    public final String code;
    public final String message;
    public final String iri;
    public final Map<String, Integer> counts;

    public Warning(String code, String message, String iri, Map<String, Integer> counts) {
        this.code = code;
        this.message = message;
        this.iri = iri;
        this.counts = counts;
    }
}
