package oarag.bridge.query;

import com.google.gson.JsonArray;
import java.io.StringWriter;
import java.util.TreeSet;
import org.semanticweb.owlapi.manchestersyntax.renderer.ManchesterOWLSyntaxObjectRenderer;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLObject;

/**
 * Manchester syntax with every entity written as its full IRI in angle brackets (which Manchester
 * syntax reads too). Entities are named in TypeScript, by the same names the cards and the tree
 * use, so the bridge picks no labels here.
 */
final class ManchesterText {
    private ManchesterText() {}

    static String of(OWLObject o) {
        OWLObject x = o instanceof OWLAxiom ? ((OWLAxiom) o).getAxiomWithoutAnnotations() : o;
        StringWriter w = new StringWriter();
        ManchesterOWLSyntaxObjectRenderer r =
                new ManchesterOWLSyntaxObjectRenderer(w, e -> "<" + e.getIRI() + ">") {
                    {
                        setUseWrapping(false);
                    }
                };
        x.accept(r);
        return w.toString().replaceAll("\\s+", " ").trim();
    }

    /**
     * The IRIs of the entities an object mentions, sorted: the only `<…>` a client should read as
     * names.
     */
    static JsonArray entities(OWLObject o) {
        TreeSet<String> iris = new TreeSet<>();
        o.signature().forEach((OWLEntity e) -> iris.add(e.getIRI().toString()));
        JsonArray a = new JsonArray();
        iris.forEach(a::add);
        return a;
    }
}
