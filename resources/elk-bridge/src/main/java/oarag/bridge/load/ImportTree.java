package oarag.bridge.load;

import java.io.File;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import oarag.bridge.model.ImportEntry;
import oarag.bridge.model.Session;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLDeclarationAxiom;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLImportsDeclaration;
import org.semanticweb.owlapi.model.OWLOntology;

/**
 * The imports closure as a tree, breadth first from the loaded file: each declaration once, under
 * the first ontology that declares it. A term belongs to the first document in that order that
 * declares it (or, when none does, that mentions it).
 */
final class ImportTree {
    private ImportTree() {}

    static void describe(Session s, LocalMapper mapper) {
        Set<IRI> owned = new HashSet<>();
        claim(s.root, owned);
        Map<OWLOntology, String> declIri = new IdentityHashMap<>();
        Set<String> seen = new HashSet<>();
        Deque<OWLOntology> queue = new ArrayDeque<>();
        queue.add(s.root);
        Set<OWLOntology> visited = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        visited.add(s.root);
        while (!queue.isEmpty()) {
            OWLOntology o = queue.poll();
            List<OWLImportsDeclaration> decls = new ArrayList<>();
            o.importsDeclarations().sorted().forEach(decls::add);
            for (OWLImportsDeclaration d : decls) {
                String iri = d.getIRI().toString();
                if (!seen.add(iri)) {
                    continue;
                }
                OWLOntology imported = s.man.getImportedOntology(d);
                boolean real = imported != null && !mapper.wasUnresolved(iri);
                String path = null;
                int classes = 0;
                int axioms = 0;
                List<String> terms = new ArrayList<>();
                if (real) {
                    IRI doc = s.man.getOntologyDocumentIRI(imported);
                    if (doc != null && "file".equals(doc.getScheme())) {
                        path = new File(URI.create(doc.toString())).getPath();
                    } else if (doc != null) {
                        path = doc.toString();
                    }
                    classes = (int) imported.classesInSignature().count();
                    axioms = imported.getAxiomCount();
                    if (visited.add(imported)) {
                        declIri.put(imported, iri);
                        queue.add(imported);
                        Set<IRI> mine = new HashSet<>();
                        claim(imported, mine);
                        for (IRI t : mine) {
                            if (owned.add(t)) {
                                terms.add(t.toString());
                            }
                        }
                        java.util.Collections.sort(terms);
                    }
                }
                s.importTree.add(
                        new ImportEntry(
                                iri,
                                declIri.get(o),
                                path,
                                real ? mapper.origin.get(iri) : null,
                                classes,
                                axioms,
                                terms));
            }
        }
    }

    /** Classes and object properties the document declares, else those it mentions. */
    private static void claim(OWLOntology o, Set<IRI> into) {
        Set<IRI> declared = new HashSet<>();
        o.axioms(org.semanticweb.owlapi.model.AxiomType.DECLARATION)
                .map(OWLDeclarationAxiom::getEntity)
                .filter(e -> e.isOWLClass() || e.isOWLObjectProperty())
                .map(OWLEntity::getIRI)
                .forEach(declared::add);
        if (declared.isEmpty()) {
            o.classesInSignature().forEach(c -> declared.add(c.getIRI()));
            o.objectPropertiesInSignature().forEach(p -> declared.add(p.getIRI()));
        }
        into.addAll(declared);
    }
}
