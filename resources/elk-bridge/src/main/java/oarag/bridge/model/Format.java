package oarag.bridge.model;

/** The syntax an ontology document is written in, as the load detected it from its first bytes. */
public enum Format {
    RDFXML("RDF/XML"),
    OWLXML("OWL/XML"),
    FUNCTIONAL("Functional"),
    TURTLE("Turtle"),
    OBO("OBO");

    public final String label;

    Format(String label) {
        this.label = label;
    }
}
