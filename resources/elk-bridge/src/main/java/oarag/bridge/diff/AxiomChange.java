package oarag.bridge.diff;

import java.util.List;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAxiom;

/**
 * What an edit changed, exactly for the session's ontology: the axioms it no longer has and those
 * it gains (none in both). Either applied to the session's ontology in place, or (when the whole
 * file was parsed anyway) already in {@link #parsed}, which then replaces the session.
 */
public final class AxiomChange {
    public final List<OWLAxiom> removed;
    public final List<OWLAxiom> added;

    /**
     * The edited file loaded afresh, or null when the change is to be applied to the session's
     * ontology.
     */
    public final Session parsed;

    /** How the warm session's axiom texts become the edited file's (functional syntax), or null. */
    public final OfnIndex.Diff texts;

    AxiomChange(List<OWLAxiom> removed, List<OWLAxiom> added, Session parsed, OfnIndex.Diff texts) {
        this.removed = removed;
        this.added = added;
        this.parsed = parsed;
        this.texts = texts;
    }

    public int size() {
        return removed.size() + added.size();
    }
}
