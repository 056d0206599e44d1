package oarag.bridge;

import java.util.List;

import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * What an edit changed, exactly for the session's ontology: the axioms it no longer has and those it gains (none
 * in both). Either applied to the session's ontology in place, or (when the whole file was parsed anyway) already
 * in {@link #parsed}, which then replaces the session.
 */
final class AxiomChange {
    final List<OWLAxiom> removed;
    final List<OWLAxiom> added;
    /** The edited file loaded afresh, or null when the change is to be applied to the session's ontology. */
    final Session parsed;
    /** The edited file's axiom texts (functional syntax), or null. */
    final OfnChunks chunks;

    AxiomChange(List<OWLAxiom> removed, List<OWLAxiom> added, Session parsed, OfnChunks chunks) {
        this.removed = removed;
        this.added = added;
        this.parsed = parsed;
        this.chunks = chunks;
    }

    int size() {
        return removed.size() + added.size();
    }
}
