package oarag.bridge;

import java.util.Map;

/** A load warning {code, message, iri?, counts?}, e.g. unresolved-import or non-el. */
final class Warning {
    final String code;
    final String message;
    final String iri;
    final Map<String, Integer> counts;

    Warning(String code, String message, String iri, Map<String, Integer> counts) {
        this.code = code;
        this.message = message;
        this.iri = iri;
        this.counts = counts;
    }
}
