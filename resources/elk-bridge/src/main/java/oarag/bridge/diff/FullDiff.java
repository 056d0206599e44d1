package oarag.bridge.diff;

import java.io.File;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.Progress;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLImportsDeclaration;
import org.semanticweb.owlapi.model.OWLOntology;

/**
 * The changed axioms of an edited file in any syntax: the file is loaded whole (as load does) and
 * its axioms are compared with the session's. Saves ELK's work only, but holds for every format.
 */
public final class FullDiff {
    private FullDiff() {}

    /**
     * The change (its {@code parsed} session replaces the old one), or Fallback with the parsed
     * session.
     */
    public static AxiomChange diff(
            Session s, File file, oarag.bridge.load.Resolution catalog, Progress progress)
            throws BridgeException, Fallback {
        Session now = Loader.load(file, catalog, progress);
        if (now.format != s.format) {
            throw new Fallback(Fallback.FORMAT_CHANGED, now);
        }
        if (!sameHeader(s.root, now.root)) {
            throw new Fallback(Fallback.HEADER_CHANGED, now);
        }
        List<OWLAxiom> removed =
                s.root.axioms()
                        .filter(ax -> !now.root.containsAxiom(ax))
                        .collect(Collectors.toList());
        List<OWLAxiom> added =
                now.root
                        .axioms()
                        .filter(ax -> !s.root.containsAxiom(ax))
                        .collect(Collectors.toList());
        if (Fallback.tooMany(removed.size() + added.size(), s.root.getAxiomCount())) {
            throw new Fallback(Fallback.TOO_MANY_CHANGES, now);
        }
        return new AxiomChange(removed, added, now, null);
    }

    /** Ontology IRI, version IRI, imports and ontology annotations. */
    static boolean sameHeader(OWLOntology a, OWLOntology b) {
        Set<OWLImportsDeclaration> ia = a.importsDeclarations().collect(Collectors.toSet());
        Set<OWLImportsDeclaration> ib = b.importsDeclarations().collect(Collectors.toSet());
        Set<OWLAnnotation> aa = a.annotations().collect(Collectors.toSet());
        Set<OWLAnnotation> ab = b.annotations().collect(Collectors.toSet());
        return a.getOntologyID().equals(b.getOntologyID()) && ia.equals(ib) && aa.equals(ab);
    }
}
