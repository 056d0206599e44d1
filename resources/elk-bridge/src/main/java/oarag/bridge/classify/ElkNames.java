package oarag.bridge.classify;

import java.util.IdentityHashMap;
import oarag.bridge.prepare.Signature;
import org.semanticweb.elk.owl.interfaces.ElkClass;

/**
 * The signature's class index of each ELK class object a taxonomy listed. A reasoner kept for
 * reloads lists the same objects after an update, so reading its taxonomy again looks them up by
 * identity instead of building each IRI's string and hashing it. Bound to one signature: a reload
 * that changed the signature starts a new one.
 */
public final class ElkNames {
    public final Signature sig;
    private final IdentityHashMap<ElkClass, Integer> index = new IdentityHashMap<>();

    public ElkNames(Signature sig) {
        this.sig = sig;
    }

    /**
     * The class index, or -1 for a class outside the signature (owl:Thing, owl:Nothing, a fresh
     * class).
     */
    int classIndex(ElkClass c) {
        Integer v = index.get(c);
        if (v == null) {
            String iri = c.getIri().getFullIriAsString();
            Integer ci = sig.classIndex(iri);
            v = ci == null ? -1 : ci;
            if (index.size() > 4 * sig.classes.length + 1024) {
                index.clear(); // objects of a reasoner no longer used
            }
            index.put(c, v);
        }
        return v;
    }
}
