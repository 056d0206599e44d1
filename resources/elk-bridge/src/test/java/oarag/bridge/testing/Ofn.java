package oarag.bridge.testing;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import oarag.bridge.common.Progress;
import oarag.bridge.load.Loader;
import oarag.bridge.model.Session;

/** Small in-test ontologies in functional syntax: every name is in the ex: namespace. */
public final class Ofn {
    static final String NS = "http://example.org/t#";

    private Ofn() {}

    public static String iri(String local) {
        return NS + local;
    }

    /** Writes Ontology(<…> axioms…) with the ex: prefix and loads it. */
    public static Session load(Path dir, String name, String... axioms) throws Exception {
        StringBuilder sb = new StringBuilder();
        sb.append("Prefix(:=<").append(NS).append(">)\n");
        sb.append("Prefix(owl:=<http://www.w3.org/2002/07/owl#>)\n");
        sb.append("Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)\n");
        sb.append("Ontology(<http://example.org/").append(name).append(">\n");
        for (String a : axioms) {
            sb.append(a).append('\n');
        }
        sb.append(")\n");
        File f = dir.resolve(name + ".ofn").toFile();
        Files.write(f.toPath(), sb.toString().getBytes(StandardCharsets.UTF_8));
        return Loader.load(f, (java.io.File) null, Progress.NONE);
    }
}
