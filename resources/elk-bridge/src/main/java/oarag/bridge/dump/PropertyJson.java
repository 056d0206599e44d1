package oarag.bridge.dump;

import java.util.HashSet;
import java.util.Set;
import oarag.bridge.common.Json;
import oarag.bridge.model.Session;
import oarag.bridge.prepare.Roles;
import oarag.bridge.prepare.Signature;
import org.semanticweb.owlapi.model.OWLClassExpression;

/** A property's dump record: its annotations, characteristics, parents, chains and named ranges. */
final class PropertyJson {
    private PropertyJson() {}

    /**
     * Appends property i's record to sb (without the line end) and returns its IRI as a JSON
     * string.
     */
    static String record(
            StringBuilder sb, IriJson iris, Session s, Signature sig, Roles roles, int i) {
        sb.append("{\"t\":\"property\",\"iri\":");
        String key = iris.prop(sb, i);
        sb.append(',');
        boolean dep = AnnotationJson.entityAnnotations(sb, s.closure, sig.props[i].getIRI());
        sb.append(",\"deprecated\":").append(dep);
        sb.append(",\"transitive\":").append(roles.transitive[i]);
        sb.append(",\"reflexive\":").append(roles.reflexive[i]);
        sb.append(",\"parents\":[");
        int[] ps = roles.parents[i];
        for (int k = 0; k < ps.length; k++) {
            if (k > 0) {
                sb.append(',');
            }
            iris.prop(sb, ps[k]);
        }
        sb.append("],\"chains\":[");
        boolean first = true;
        for (int[] ch : roles.chainsBySuper[i]) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append('[');
            for (int k = 0; k < ch.length; k++) {
                if (k > 0) {
                    sb.append(',');
                }
                iris.prop(sb, ch[k]);
            }
            sb.append(']');
        }
        sb.append("],\"ranges\":[");
        first = true;
        Set<String> seen = new HashSet<>();
        for (OWLClassExpression r : roles.ranges.get(i)) {
            if (!r.isAnonymous()
                    && !r.isOWLThing()
                    && seen.add(r.asOWLClass().getIRI().toString())) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                Json.str(sb, r.asOWLClass().getIRI().toString());
            }
        }
        sb.append("]}");
        return key;
    }
}
