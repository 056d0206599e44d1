package oarag.bridge.load;

import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import oarag.bridge.load.ofn.FastOfn;
import oarag.bridge.load.ofn.OfnGiveUp;
import oarag.bridge.model.Format;
import org.semanticweb.owlapi.annotations.HasPriority;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormatFactory;
import org.semanticweb.owlapi.functional.parser.OWLFunctionalSyntaxOWLParserFactory;
import org.semanticweb.owlapi.io.OWLOntologyDocumentSource;
import org.semanticweb.owlapi.io.OWLParser;
import org.semanticweb.owlapi.io.OWLParserFactory;
import org.semanticweb.owlapi.io.OWLParserFactoryImpl;
import org.semanticweb.owlapi.model.AddOntologyAnnotation;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLAnnotation;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLDocumentFormatFactory;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyID;
import org.semanticweb.owlapi.model.OWLOntologyLoaderConfiguration;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.model.SetOntologyID;
import org.semanticweb.owlapi.util.PriorityCollection;

/**
 * OWL API's functional-syntax parser with {@link FastOfn} in front of it, for the one file a load
 * opens. It takes the place of OWL API's parser factory in the manager, so the manager's own load
 * flow (document IRI, format, punning repair, events) runs unchanged around it. Any other document
 * (an import), or a document the fast reader gives up on, is read by OWL API's parser, which then
 * also raises the errors the user sees.
 */
public final class FastOfnParser implements OWLParser {
    private static final long serialVersionUID = 1L;

    /**
     * Threads that read the body of a large document while this one adds its axioms: 0 reads it
     * first, 2 reads it in halves. One is what measured best on GO 50k (2 cores, the load's chunk
     * scan running beside it).
     */
    public static volatile int workers = 1;

    private final OWLParser owlapi;
    private final File file;
    private final IRI fileIri;

    /**
     * Why the last parse went to OWL API, or null when the fast reader read it (for tests and
     * measurements).
     */
    private String gaveUp;

    FastOfnParser(OWLParser owlapi, File file) {
        this.owlapi = owlapi;
        this.file = file;
        this.fileIri = IRI.create(file);
    }

    /**
     * Puts the fast reader in front of the manager's functional-syntax parser, in its place in the
     * parser order, for {@code file} when it is functional syntax in UTF-8 (as {@link Loader}
     * found). OARAG_FAST_OFN=0 leaves the manager as it is (OWL API reads everything).
     */
    public static void install(OWLOntologyManager man, File file, Format format, Charset wide) {
        if (format == Format.FUNCTIONAL
                && wide == null
                && !"0".equals(System.getenv("OARAG_FAST_OFN"))) {
            install(man, file);
        }
    }

    public static void install(OWLOntologyManager man, File file) {
        PriorityCollection<OWLParserFactory> parsers = man.getOntologyParsers();
        List<OWLParserFactory> list = new ArrayList<>();
        boolean found = false;
        for (OWLParserFactory f : parsers) {
            if (!found && f instanceof OWLFunctionalSyntaxOWLParserFactory) {
                list.add(new Factory(f, file));
                found = true;
            } else {
                list.add(f);
            }
        }
        if (found) {
            parsers.set((Iterable<OWLParserFactory>) list);
        }
    }

    @Override
    public OWLDocumentFormat parse(
            OWLOntologyDocumentSource source, OWLOntology ont, OWLOntologyLoaderConfiguration cfg) {
        if (!fileIri.equals(source.getDocumentIRI())) {
            gaveUp = "not the file this reader was installed for";
            return owlapi.parse(source, ont, cfg);
        }
        if (!cfg.isLoadAnnotationAxioms()) {
            gaveUp = "annotation axioms are not to be loaded";
            return owlapi.parse(source, ont, cfg);
        }
        FastOfn.Doc doc;
        try {
            byte[] bytes = Files.readAllBytes(file.toPath());
            // axioms go in as they are read; should the reader give up, those are all axioms OWL
            // API reads too
            doc =
                    FastOfn.read(
                            bytes,
                            ont.getOWLOntologyManager().getOWLDataFactory(),
                            workers,
                            ont::addAxioms);
        } catch (OfnGiveUp e) {
            gaveUp = e.getMessage();
            return owlapi.parse(source, ont, cfg);
        } catch (IOException e) {
            gaveUp = "read failed: " + e.getMessage();
            return owlapi.parse(source, ont, cfg);
        }
        gaveUp = null;
        return finish(doc, ont);
    }

    /**
     * What OWL API's parser applies besides the axioms: the ontology ID (which it sets first;
     * nothing the axioms do depends on it) and the ontology annotations; and the format it returns,
     * with the document's prefixes.
     */
    static OWLDocumentFormat finish(FastOfn.Doc doc, OWLOntology ont) {
        OWLOntologyManager man = ont.getOWLOntologyManager();
        man.applyChange(new SetOntologyID(ont, new OWLOntologyID(doc.ontologyIri, doc.versionIri)));
        for (OWLAnnotation a : doc.annotations) {
            man.applyChange(new AddOntologyAnnotation(ont, a));
        }
        FunctionalSyntaxDocumentFormat format = new FunctionalSyntaxDocumentFormat();
        for (String name : doc.prefixes.keySet()) {
            format.setPrefix(name, doc.prefixes.get(name));
        }
        return format;
    }

    public String gaveUp() {
        return gaveUp;
    }

    @Override
    public OWLDocumentFormatFactory getSupportedFormat() {
        return owlapi.getSupportedFormat();
    }

    @Override
    public String getName() {
        return owlapi.getName();
    }

    @Override
    public String toString() {
        return owlapi.toString();
    }

    /**
     * Same priority as OWL API's functional-syntax parser factory, so that sorting keeps it in that
     * place.
     */
    @HasPriority(2)
    public static final class Factory extends OWLParserFactoryImpl {
        private static final long serialVersionUID = 1L;

        private final OWLParserFactory owlapi;
        private final File file;

        /** The parser of the last load (tests ask it whether the fast reader read the file). */
        public volatile FastOfnParser last;

        Factory(OWLParserFactory owlapi, File file) {
            super(new FunctionalSyntaxDocumentFormatFactory());
            this.owlapi = owlapi;
            this.file = file;
        }

        @Override
        public OWLParser createParser() {
            FastOfnParser p = new FastOfnParser(owlapi.createParser(), file);
            last = p;
            return p;
        }
    }
}
