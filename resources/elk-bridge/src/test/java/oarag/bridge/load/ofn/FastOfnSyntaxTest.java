package oarag.bridge.load.ofn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLOntology;

/**
 * Every construct and every corner of the syntax the fast reader takes on (comments, escapes,
 * language tags and datatypes, whitespace around @ and ^^, full IRIs with spaces, names with # or a
 * second colon, non-ASCII text, CRLF, a byte order mark, a redefined default prefix) is read
 * exactly as OWL API reads it.
 */
class FastOfnSyntaxTest {
    @TempDir Path tmp;

    static final String SINK =
            String.join(
                    "\n",
                    "# a comment before the prefixes",
                    "Prefix(:=<http://example.org/t#>)",
                    "Prefix(ex:=<http://example.org/ex/>)",
                    "Prefix( rdf: = <http://example.org/not-rdf#> )",
                    "Prefix(xsd:=<http://www.w3.org/2001/XMLSchema#>)",
                    "Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)",
                    "Ontology(<http://example.org/sink> <http://example.org/sink/1.0>",
                    "Annotation(rdfs:comment \"ontology \\\"annotation\\\" with a \\\\ backslash\")",
                    "Annotation(Annotation(rdfs:comment \"nested\") rdfs:label \"annotated ontology annotation\"@en-GB)",
                    "Declaration(Class(:A))  # a comment after an axiom",
                    "Declaration(Class(<http://example.org/t#B>))",
                    "Declaration(ObjectProperty(:p)) Declaration(ObjectProperty(:q))",
                    "Declaration(DataProperty(:d))\r",
                    "Declaration(AnnotationProperty(ex:ap))\r",
                    "Declaration(NamedIndividual(:i))\tDeclaration(Datatype(:dt))",
                    "Declaration(Annotation(rdfs:comment \"declared\") Class(:C))",
                    "SubClassOf(Annotation(rdfs:comment \"why\") Annotation(ex:ap <http://example.org/src>) :A :B)",
                    "SubClassOf(:C ObjectSomeValuesFrom(:p ObjectIntersectionOf(:A ObjectSomeValuesFrom(:q :B))))",
                    "SubClassOf(ObjectUnionOf(:A :B :A) ObjectComplementOf(:C))",
                    "SubClassOf(:A ObjectAllValuesFrom(ObjectInverseOf(:p) :B))",
                    "SubClassOf(:A ObjectHasValue(:p :i))",
                    "SubClassOf(:A ObjectOneOf(:i <http://example.org/t#j> :i))",
                    "SubClassOf(:A ObjectHasSelf(:p))",
                    "SubClassOf(:A ObjectMinCardinality(2 :p)) SubClassOf(:A ObjectMaxCardinality(3 :p :B))",
                    "SubClassOf(:A ObjectExactCardinality(01 ObjectInverseOf(:q) :C))",
                    "SubClassOf(ObjectIntersectionOf(:A :A) owl:Thing)",
                    "EquivalentClasses(:D ObjectIntersectionOf(:A :B) ObjectIntersectionOf(:B :A))",
                    "DisjointClasses(:A :C :D) DisjointUnion(:E :A :B)",
                    "SubObjectPropertyOf(:p :q)",
                    "SubObjectPropertyOf(Annotation(rdfs:comment \"chain\") ObjectPropertyChain(:p :q ObjectInverseOf(:p)) :q)",
                    "SubObjectPropertyOf(ObjectPropertyChain(:p) :q)",
                    "EquivalentObjectProperties(:p :q) DisjointObjectProperties(:p :r :p)",
                    "TransitiveObjectProperty(:p) ReflexiveObjectProperty(:q) FunctionalObjectProperty(:p)",
                    "InverseFunctionalObjectProperty(:p) SymmetricObjectProperty(:q) AsymmetricObjectProperty(:r)",
                    "IrreflexiveObjectProperty(ObjectInverseOf(:r))",
                    "ObjectPropertyDomain(:p :A) ObjectPropertyRange(:p ObjectSomeValuesFrom(:q :B))",
                    "InverseObjectProperties(:p :q)",
                    "SubDataPropertyOf(:d :e) EquivalentDataProperties(:d :e) DisjointDataProperties(:d :f)",
                    "FunctionalDataProperty(:d) DataPropertyDomain(:d :A) DataPropertyRange(:d xsd:integer)",
                    "ClassAssertion(:A :i) ObjectPropertyAssertion(:p :i :j) NegativeObjectPropertyAssertion(:q :i :j)",
                    "DataPropertyAssertion(:d :i \"5\"^^xsd:integer) NegativeDataPropertyAssertion(:d :i \"6\")",
                    "SameIndividual(:i :j) DifferentIndividuals(:i :k :j)",
                    "SubAnnotationPropertyOf(ex:ap rdfs:comment)",
                    "AnnotationPropertyDomain(ex:ap :A) AnnotationPropertyRange(ex:ap xsd:string)",
                    "AnnotationAssertion(rdfs:label :A \"plain\")",
                    "AnnotationAssertion(rdfs:label :A \"tagged\"@en)",
                    "AnnotationAssertion(rdfs:label :A \"Tagged\"@EN-us)",
                    "AnnotationAssertion(rdfs:label :A \"typed\"^^xsd:string)",
                    "AnnotationAssertion(rdfs:label :A \"typed in full\"^^<http://www.w3.org/2001/XMLSchema#string>)",
                    "AnnotationAssertion(ex:ap :A \"1.5f\"^^xsd:float) AnnotationAssertion(ex:ap :A \"INF\"^^xsd:float)",
                    "AnnotationAssertion(ex:ap :A \"-inf\"^^xsd:float) AnnotationAssertion(ex:ap :A \"2F\"^^xsd:float)",
                    "AnnotationAssertion(ex:ap :A \"07\"^^xsd:integer) AnnotationAssertion(ex:ap :A \"true\"^^xsd:boolean)",
                    "AnnotationAssertion(ex:ap :A \"multi",
                    "Line ünïcödé ✓ 日本 \\\\\"@ja)",
                    "AnnotationAssertion(ex:ap :A \"spaced\" @ de) AnnotationAssertion(ex:ap :A \"spaced\"  ^^  xsd:string)",
                    "AnnotationAssertion(ex:ap :A <http://example.org/an iri with spaces>)",
                    "AnnotationAssertion(ex:ap <http://example.org/ünï#x> ex:value#hash)",
                    "AnnotationAssertion(ex:ap :A ex:a:b) AnnotationAssertion(ex:ap :A rdf:type)",
                    "AnnotationAssertion(Annotation(Annotation(rdfs:comment \"deep\") rdfs:comment \"mid\") ex:ap :A \"x\")",
                    "AnnotationAssertion(ex:ap :A \"\") AnnotationAssertion(ex:ap :A \"tab\tinside # not a comment\")",
                    "AnnotationAssertion(ex:ap :A \"(parentheses) and <angles>\")",
                    "SubClassOf(:Ü :A)",
                    "SubClassOf(",
                    "  :F",
                    "  ObjectSomeValuesFrom(:p :A)",
                    ")",
                    "SubClassOf(:A :B)",
                    ")",
                    "# a last comment without a newline");

    private File write(String name, byte[] content) throws Exception {
        File f = tmp.resolve(name).toFile();
        Files.write(f.toPath(), content);
        return f;
    }

    @Test
    void everyConstructAndCornerReadsAsOwlApiReadsIt() throws Exception {
        File f = write("sink.ofn", SINK.getBytes(StandardCharsets.UTF_8));
        OWLOntology want = FastOfnTest.owlapi(f);
        assertTrue(want.getAxiomCount() > 70, "the document parsed: " + want.getAxiomCount());
        FastOfnTest.assertSameOntology(want, FastOfnTest.fast(f, true), "sink");
    }

    @Test
    void aByteOrderMarkIsSkippedAsOwlApiSkipsIt() throws Exception {
        byte[] body = SINK.getBytes(StandardCharsets.UTF_8);
        byte[] b = new byte[body.length + 3];
        b[0] = (byte) 0xef;
        b[1] = (byte) 0xbb;
        b[2] = (byte) 0xbf;
        System.arraycopy(body, 0, b, 3, body.length);
        File f = write("bom.ofn", b);
        FastOfnTest.assertSameOntology(FastOfnTest.owlapi(f), FastOfnTest.fast(f, true), "bom");
    }

    @Test
    void anAnonymousOntologyWithoutPrefixesReads() throws Exception {
        File f =
                write(
                        "anon.ofn",
                        ("Ontology(\nDeclaration(Class(<http://example.org/a>))\n"
                                        + "SubClassOf(<http://example.org/a> owl:Thing))")
                                .getBytes(StandardCharsets.UTF_8));
        OWLOntology want = FastOfnTest.owlapi(f);
        OWLOntology got = FastOfnTest.fast(f, true);
        assertEquals(FastOfnTest.axioms(want), FastOfnTest.axioms(got));
        assertTrue(got.getOntologyID().isAnonymous());
        assertEquals(want.getOntologyID().getOntologyIRI(), got.getOntologyID().getOntologyIRI());
    }

    /** A body of many one-line axioms around {@code middle}, so that the cut falls inside it. */
    static String around(String middle) {
        StringBuilder sb =
                new StringBuilder(
                        "Prefix(:=<http://example.org/t#>)\nOntology(<http://example.org/cut>\n");
        for (int k = 0; k < 40; k++) {
            sb.append("SubClassOf(:A").append(k).append(" :B)\n");
        }
        sb.append(middle);
        for (int k = 0; k < 40; k++) {
            sb.append("SubClassOf(:C").append(k).append(" :D)\n");
        }
        return sb.append(")\n").toString();
    }

    private void cutFallsInside(String middle) throws Exception {
        String doc = around(middle);
        byte[] b = doc.getBytes(StandardCharsets.UTF_8);
        int body = doc.indexOf("SubClassOf(");
        int cut = FastOfn.cutPoint(b, body, b.length);
        int from = doc.indexOf(middle);
        assertTrue(
                cut > from && cut < from + middle.length(),
                "the cut falls inside the middle item: " + cut);
        File f = write("cut.ofn", b);
        OWLOntology want = FastOfnTest.owlapi(f);
        List<OWLAxiom> one = new ArrayList<>();
        FastOfn.read(
                b, OWLManager.createOWLOntologyManager().getOWLDataFactory(), 0, one::addAll, 0);
        List<OWLAxiom> halves = new ArrayList<>();
        FastOfn.read(
                b, OWLManager.createOWLOntologyManager().getOWLDataFactory(), 2, halves::addAll, 0);
        assertEquals(one, halves);
        assertEquals(FastOfnTest.axioms(want), new java.util.HashSet<>(halves));
    }

    @Test
    void aCutInsideAMultiLineLiteralIsReadAgainFromTheItem() throws Exception {
        StringBuilder lit = new StringBuilder("AnnotationAssertion(rdfs:comment :A \"");
        for (int k = 0; k < 200; k++) {
            lit.append("Line ").append(k).append(" (of a long comment)\n");
        }
        cutFallsInside(lit.append("\")\n").toString());
    }

    @Test
    void aCutInsideAMultiLineAxiomIsReadAgainFromTheItem() throws Exception {
        StringBuilder ax = new StringBuilder("EquivalentClasses(:X ObjectIntersectionOf(:Y\n");
        for (int k = 0; k < 200; k++) {
            ax.append("ObjectSomeValuesFrom(:p :E").append(k).append(")\n");
        }
        cutFallsInside(ax.append("))\n").toString());
    }

    @Test
    void aCutInsideAFullIriIsReadAgainFromTheItem() throws Exception {
        StringBuilder iri =
                new StringBuilder("AnnotationAssertion(rdfs:seeAlso :A <http://example.org/");
        for (int k = 0; k < 200; k++) {
            iri.append("\nSegment").append(k);
        }
        cutFallsInside(iri.append(">)\n").toString());
    }
}
