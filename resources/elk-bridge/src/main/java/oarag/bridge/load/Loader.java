package oarag.bridge.load;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import oarag.bridge.common.BridgeException;
import oarag.bridge.common.FileStamp;
import oarag.bridge.common.Progress;
import oarag.bridge.model.Format;
import oarag.bridge.model.Session;
import oarag.bridge.model.Warning;
import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.formats.OBODocumentFormat;
import org.semanticweb.owlapi.formats.OWLXMLDocumentFormat;
import org.semanticweb.owlapi.formats.RDFXMLDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.io.OWLParserException;
import org.semanticweb.owlapi.io.UnparsableOntologyException;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.MissingImportHandlingStrategy;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLImportsDeclaration;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyAlreadyExistsException;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLOntologyDocumentAlreadyExistsException;
import org.semanticweb.owlapi.model.OWLOntologyLoaderConfiguration;
import org.semanticweb.owlapi.model.OWLOntologyManager;

/**
 * Parses an ontology document (format pinned by content) and its imports, without network access.
 */
public final class Loader {
    private Loader() {}

    public static Session load(File file, File catalog, Progress progress) throws BridgeException {
        return load(file, Resolution.ofCatalog(catalog), progress);
    }

    public static Session load(File file, Resolution how, Progress progress)
            throws BridgeException {
        File catalog = how.catalog;
        checkReadable(file);
        if (catalog != null && !catalog.isFile()) {
            throw new BridgeException(
                    "NOT_FOUND", "No catalog file exists at " + catalog.getPath() + ".");
        }
        Format format;
        try {
            format = Sniffer.detect(file);
        } catch (IOException e) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        java.nio.charset.Charset wide;
        try {
            wide = Sniffer.wideCharset(file);
            Depth.check(file, format, wide, Depth.limit());
        } catch (IOException e) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        progress.report("parse", 0.0);

        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        LocalMapper mapper = new LocalMapper(how.folderOf(file), catalog, how.roots, how.lenient);
        man.getIRIMappers().clear();
        man.getIRIMappers().add(mapper);
        // OWL API 5 reads the loader configuration from the manager's configurator in some code
        // paths (e.g. OBO
        // imports), so configure both the configurator and the explicit configuration.
        man.getOntologyConfigurator()
                .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
                .setFollowRedirects(false)
                .setConnectionTimeout(1)
                .setStrict(false)
                .setReportStackTraces(false);
        OWLOntologyLoaderConfiguration cfg =
                man.getOntologyLoaderConfiguration()
                        .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
                        .setFollowRedirects(false)
                        .setConnectionTimeout(1)
                        .setStrict(false)
                        .setReportStackTraces(false);
        man.setOntologyLoaderConfiguration(cfg);
        Map<String, String> missing = new LinkedHashMap<>();
        man.addMissingImportListener(
                ev -> {
                    String iri = ev.getImportedOntologyURI().toString();
                    missing.putIfAbsent(
                            iri,
                            ev.getCreationException() == null
                                    ? null
                                    : ParseErrors.shortCause(ev.getCreationException()));
                });

        // rough parse progress by elapsed time vs. a size-based estimate (OWL API offers no
        // callback)
        final long size = file.length();
        final long t0 = System.nanoTime();
        // about 1.5 MB/s through OWL API's parsers; the fast functional-syntax reader goes ten
        // times faster
        final double rate = format == Format.FUNCTIONAL && wide == null ? 15e6 : 1.5e6;
        final double expectedSec = Math.max(0.5, size / rate);
        final AtomicLong done = new AtomicLong(0);
        Thread ticker =
                new Thread(
                        () -> {
                            while (done.get() == 0) {
                                try {
                                    Thread.sleep(500);
                                } catch (InterruptedException e) {
                                    return;
                                }
                                double el = (System.nanoTime() - t0) / 1e9;
                                progress.report("parse", Math.min(0.95, el / (el + expectedSec)));
                            }
                        },
                        "parse-progress");
        ticker.setDaemon(true);
        ticker.start();

        // functional syntax in UTF-8 goes through the fast reader (FastOfnParser), which hands
        // anything it does
        // not cover back to OWL API's own parser
        FastOfnParser.install(man, file, format, wide);
        // for a reload's index of the axiom texts (functional syntax; see FileStamp)
        FileStamp.Taker stamp =
                format == Format.FUNCTIONAL && wide == null ? FileStamp.Taker.start(file) : null;
        OWLOntology root;
        try {
            root = man.loadOntologyFromOntologyDocument(documentSource(file, format, wide), cfg);
        } catch (UnparsableOntologyException e) {
            throw new BridgeException("PARSE_ERROR", ParseErrors.parseMessage(file, format, e), e);
        } catch (OWLOntologyAlreadyExistsException | OWLOntologyDocumentAlreadyExistsException e) {
            throw new BridgeException(
                    "PARSE_ERROR",
                    "The file "
                            + file.getName()
                            + " could not be loaded: an import has the same ontology IRI as another loaded document.",
                    e);
        } catch (OWLOntologyCreationException e) {
            throw new BridgeException(
                    "PARSE_ERROR",
                    "The file "
                            + file.getName()
                            + " could not be parsed as "
                            + format.label
                            + ": "
                            + ParseErrors.redact(ParseErrors.shortCause(e))
                            + ".",
                    e);
        } catch (OWLParserException e) {
            throw new BridgeException("PARSE_ERROR", ParseErrors.parseMessage(file, format, e), e);
        } catch (RuntimeException e) {
            throw new BridgeException(
                    "PARSE_ERROR",
                    "The file "
                            + file.getName()
                            + " could not be parsed as "
                            + format.label
                            + ": "
                            + ParseErrors.redact(ParseErrors.shortCause(e))
                            + ".",
                    e);
        } finally {
            done.set(1);
            ticker.interrupt();
        }
        progress.report("parse", 1.0);

        Session s = new Session(man, root, format, file);
        // imports: every import declaration in the closure
        Map<String, String> importPaths = new LinkedHashMap<>();
        ImportTree.describe(s, mapper);
        for (OWLOntology o : s.closure) {
            o.importsDeclarations()
                    .forEach(
                            (OWLImportsDeclaration d) -> {
                                String iri = d.getIRI().toString();
                                if (importPaths.containsKey(iri)) {
                                    return;
                                }
                                OWLOntology imported = man.getImportedOntology(d);
                                String path = null;
                                if (imported != null && !mapper.wasUnresolved(iri)) {
                                    IRI doc = man.getOntologyDocumentIRI(imported);
                                    if (doc != null && "file".equals(doc.getScheme())) {
                                        path = new File(URI.create(doc.toString())).getPath();
                                    } else if (doc != null) {
                                        path = doc.toString();
                                    }
                                }
                                importPaths.put(iri, path);
                            });
        }
        s.imports.putAll(importPaths);
        for (Map.Entry<String, String> e : importPaths.entrySet()) {
            String notOntology = mapper.skipped.get(e.getKey());
            String refused = mapper.refused.get(e.getKey());
            String absent = mapper.missingTargets.get(e.getKey());
            if (e.getValue() == null && refused != null) {
                s.warnings.add(
                        new Warning(
                                "skipped-import",
                                "The import "
                                        + e.getKey()
                                        + " points to "
                                        + refused
                                        + ", outside the allowed folders, so it was skipped.",
                                e.getKey(),
                                null));
            } else if (e.getValue() == null && absent != null) {
                s.warnings.add(
                        new Warning(
                                "unresolved-import",
                                "The import "
                                        + e.getKey()
                                        + " is mapped by the catalog to "
                                        + absent
                                        + ", which is missing or unreadable, so it was skipped.",
                                e.getKey(),
                                null));
            } else if (e.getValue() == null && notOntology != null) {
                s.warnings.add(
                        new Warning(
                                "skipped-import",
                                "The import "
                                        + e.getKey()
                                        + " points to the local file "
                                        + notOntology
                                        + ", which is not an ontology document, so it was skipped.",
                                e.getKey(),
                                null));
            } else if (e.getValue() != null && mapper.outside.containsKey(e.getKey())) {
                s.warnings.add(
                        new Warning(
                                "import-outside-folder",
                                "The import "
                                        + e.getKey()
                                        + " was read from "
                                        + mapper.outside.get(e.getKey())
                                        + ", outside the ontology's folder.",
                                e.getKey(),
                                null));
            } else if (e.getValue() == null) {
                String why = missing.get(e.getKey());
                String msg =
                        "The import "
                                + e.getKey()
                                + " was not found locally and was skipped (no network access)";
                if (why != null && !mapper.wasUnresolved(e.getKey())) {
                    msg =
                            "The import "
                                    + e.getKey()
                                    + " could not be loaded and was skipped: "
                                    + why;
                }
                s.warnings.add(new Warning("unresolved-import", msg + ".", e.getKey(), null));
            }
        }
        for (String note : mapper.catalogNotes) {
            s.warnings.add(new Warning("catalog-problem", note, null, null));
        }
        Warning nonEl = nonElWarning(NonElCounter.countNonEl(s.closure, s.outsideEl));
        if (nonEl != null) {
            s.warnings.add(nonEl);
        }
        if (stamp != null) {
            s.stamp = stamp.result();
        }
        return s;
    }

    public static void checkReadable(File file) throws BridgeException {
        if (!file.exists()) {
            throw new BridgeException("NOT_FOUND", "No file exists at " + file.getPath() + ".");
        }
        if (file.isDirectory()) {
            throw new BridgeException(
                    "NOT_FOUND", file.getPath() + " is a folder, not an ontology file.");
        }
        if (!file.canRead()) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read (permission denied).");
        }
    }

    /**
     * The load's warning for constructs ELK ignores, from the counts per construct, or null for
     * none.
     */
    public static Warning nonElWarning(Map<String, Integer> counts) {
        if (counts.isEmpty()) {
            return null;
        }
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        StringBuilder msg = new StringBuilder();
        msg.append(total)
                .append(total == 1 ? " use" : " uses")
                .append(" of constructs outside OWL 2 EL will be ignored by ELK (");
        int k = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (k++ > 0) {
                msg.append(", ");
            }
            msg.append(e.getValue()).append(' ').append(e.getKey());
        }
        msg.append(").");
        return new Warning("non-el", msg.toString(), null, counts);
    }

    /**
     * The file as OWL API should read it. Its parsers assume UTF-8 (XML ones also read a UTF-16
     * declaration), so a UTF-16 or UTF-32 document with a byte order mark is decoded here and
     * handed over as text, under the file's IRI.
     */
    static org.semanticweb.owlapi.io.OWLOntologyDocumentSource documentSource(
            File file, Format format, java.nio.charset.Charset wide) throws BridgeException {
        if (wide == null) {
            return new FileDocumentSource(file, documentFormat(format));
        }
        try {
            byte[] all = Files.readAllBytes(file.toPath());
            int bom = wide.name().startsWith("UTF-32") ? 4 : 2;
            String text = new String(all, bom, all.length - bom, wide);
            if (format == Format.RDFXML || format == Format.OWLXML) {
                // the declaration would name the byte encoding of a text that is no longer bytes
                text =
                        text.replaceFirst(
                                "^(\\s*<\\?xml[^>]*?)\\s+encoding\\s*=\\s*([\"'])[^\"']*\\2", "$1");
            }
            return new org.semanticweb.owlapi.io.StringDocumentSource(
                    text, IRI.create(file), documentFormat(format), null);
        } catch (IOException e) {
            throw new BridgeException(
                    "NOT_FOUND",
                    "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
    }

    public static OWLDocumentFormat documentFormat(Format f) {
        switch (f) {
            case RDFXML:
                return new RDFXMLDocumentFormat();
            case OWLXML:
                return new OWLXMLDocumentFormat();
            case FUNCTIONAL:
                return new FunctionalSyntaxDocumentFormat();
            case TURTLE:
                return new org.semanticweb.owlapi.formats
                        .RioTurtleDocumentFormat(); // OWL API's own Turtle parser mangles escapes
            // such as \n
            case OBO:
                return new OBODocumentFormat();
            default:
                throw new IllegalArgumentException(f.toString());
        }
    }
}
