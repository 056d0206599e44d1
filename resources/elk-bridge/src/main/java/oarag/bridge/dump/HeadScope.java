package oarag.bridge.dump;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLClass;
import org.semanticweb.owlapi.model.OWLClassExpression;
import org.semanticweb.owlapi.model.OWLEquivalentClassesAxiom;
import org.semanticweb.owlapi.model.OWLSubClassOfAxiom;

/**
 * Which records of a delta dump's head an edit can have changed. An edit of logical axioms alone
 * leaves every annotation, and so every class and annotation property record and every stated text,
 * as it was: only the stated records of the classes its SubClassOf and EquivalentClasses axioms
 * state something of can differ (property records are few and always written). Any other change (an
 * annotation, a declaration) has the whole head written.
 */
public final class HeadScope {
    /** The classes whose stated records are written, and their group keys. */
    private final Set<OWLClass> classes;

    private final Set<String> stated;

    private HeadScope(Set<OWLClass> classes, Set<String> stated) {
        this.classes = classes;
        this.stated = stated;
    }

    /** The scope of an edit applied to the session's ontology, or null for the whole head. */
    public static HeadScope of(List<OWLAxiom> removed, List<OWLAxiom> added) {
        Set<OWLClass> classes = new HashSet<>();
        for (List<OWLAxiom> axs : List.of(removed, added)) {
            for (OWLAxiom ax : axs) {
                if (!ax.isLogicalAxiom()) {
                    return null;
                }
                if (ax instanceof OWLSubClassOfAxiom) {
                    add(classes, ((OWLSubClassOfAxiom) ax).getSubClass());
                } else if (ax instanceof OWLEquivalentClassesAxiom) {
                    for (OWLClassExpression c :
                            ((OWLEquivalentClassesAxiom) ax).getOperandsAsList()) {
                        add(classes, c);
                    }
                }
            }
        }
        Set<String> keys = new HashSet<>();
        for (OWLClass c : classes) {
            keys.add(DumpGroups.STATED + IriJson.quoted(c.getIRI().toString()));
        }
        return new HeadScope(classes, keys);
    }

    private static void add(Set<OWLClass> classes, OWLClassExpression c) {
        if (!c.isAnonymous() && !c.isOWLThing() && !c.isOWLNothing()) {
            classes.add(c.asOWLClass());
        }
    }

    /** Whether the stated records of this class are to be written. */
    boolean writesStated(OWLClass c) {
        return classes.contains(c);
    }

    /** Whether a group of the last dump that this scope does not write is the same in this one. */
    boolean keeps(String key) {
        char kind = key.charAt(0);
        return kind == DumpGroups.CLASS
                || kind == DumpGroups.ANNOTATION_PROPERTY
                || kind == DumpGroups.STATED && !stated.contains(key);
    }
}
