package oarag.bridge.model;

import java.util.List;

/**
 * One owl:imports of the closure as the load found it: the declaring ontology's own import IRI
 * (null for the loaded file), how the target was found, and what the imported document holds.
 */
public final class ImportEntry {
    public final String iri;
    public final String parent;
    public final String path;
    public final String origin;
    public final int classes;
    public final int axioms;

    /** Classes and object properties first declared in this document (not in the loaded file). */
    public final List<String> terms;

    public ImportEntry(
            String iri,
            String parent,
            String path,
            String origin,
            int classes,
            int axioms,
            List<String> terms) {
        this.iri = iri;
        this.parent = parent;
        this.path = path;
        this.origin = origin;
        this.classes = classes;
        this.axioms = axioms;
        this.terms = terms;
    }
}
