package oarag.bridge.dump;

import oarag.bridge.common.Json;
import oarag.bridge.prepare.Signature;

/**
 * A dump's class and property IRIs as JSON strings, each made once: OWL API builds an IRI's string
 * anew on every call, and a class is named by its own records and by every parent and link record
 * that points to it. One per dump, used by one thread at a time.
 */
final class IriJson {
    private final Signature sig;
    private final String[] classes;
    private final String[] props;

    IriJson(Signature sig) {
        this.sig = sig;
        this.classes = new String[sig.classes.length];
        this.props = new String[sig.props.length];
    }

    /** Appends class c's IRI as a JSON string to sb, and returns that string. */
    String cls(StringBuilder sb, int c) {
        String j = cls(c);
        sb.append(j);
        return j;
    }

    /** Class c's IRI as a JSON string. */
    String cls(int c) {
        String j = classes[c];
        if (j == null) {
            classes[c] = j = quoted(sig.classes[c].getIRI().toString());
        }
        return j;
    }

    /** Appends property p's IRI as a JSON string to sb, and returns that string. */
    String prop(StringBuilder sb, int p) {
        String j = props[p];
        if (j == null) {
            props[p] = j = quoted(sig.props[p].getIRI().toString());
        }
        sb.append(j);
        return j;
    }

    /** An IRI as a JSON string: also the form group keys name their subject in. */
    static String quoted(String iri) {
        StringBuilder b = new StringBuilder(iri.length() + 2);
        Json.str(b, iri);
        return b.toString();
    }
}
