package oarag.bridge;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.semanticweb.owlapi.apibinding.OWLManager;
import org.semanticweb.owlapi.formats.FunctionalSyntaxDocumentFormat;
import org.semanticweb.owlapi.formats.OBODocumentFormat;
import org.semanticweb.owlapi.formats.OWLXMLDocumentFormat;
import org.semanticweb.owlapi.formats.RDFXMLDocumentFormat;
import org.semanticweb.owlapi.io.FileDocumentSource;
import org.semanticweb.owlapi.io.OWLParserException;
import org.semanticweb.owlapi.io.UnparsableOntologyException;
import org.semanticweb.owlapi.model.AxiomType;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.MissingImportHandlingStrategy;
import org.semanticweb.owlapi.model.OWLAxiom;
import org.semanticweb.owlapi.model.OWLDocumentFormat;
import org.semanticweb.owlapi.model.OWLEntity;
import org.semanticweb.owlapi.model.OWLImportsDeclaration;
import org.semanticweb.owlapi.model.OWLLiteral;
import org.semanticweb.owlapi.model.OWLLogicalAxiom;
import org.semanticweb.owlapi.model.OWLObject;
import org.semanticweb.owlapi.model.OWLObjectOneOf;
import org.semanticweb.owlapi.model.OWLOntology;
import org.semanticweb.owlapi.model.OWLOntologyAlreadyExistsException;
import org.semanticweb.owlapi.model.OWLOntologyCreationException;
import org.semanticweb.owlapi.model.OWLOntologyDocumentAlreadyExistsException;
import org.semanticweb.owlapi.model.OWLOntologyIRIMapper;
import org.semanticweb.owlapi.model.OWLOntologyLoaderConfiguration;
import org.semanticweb.owlapi.model.OWLOntologyManager;
import org.semanticweb.owlapi.model.parameters.Imports;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Parses an ontology document (format pinned by content) and its imports, without network access. */
final class Loader {
    private Loader() {}

    static final class Warning {
        final String code;
        final String message;
        final String iri;
        final Map<String, Integer> counts;

        Warning(String code, String message, String iri, Map<String, Integer> counts) {
            this.code = code;
            this.message = message;
            this.iri = iri;
            this.counts = counts;
        }
    }

    static Session load(File file, File catalog, Progress progress) throws BridgeException {
        if (!file.exists()) {
            throw new BridgeException("NOT_FOUND", "No file exists at " + file.getPath() + ".");
        }
        if (file.isDirectory()) {
            throw new BridgeException("NOT_FOUND", file.getPath() + " is a folder, not an ontology file.");
        }
        if (!file.canRead()) {
            throw new BridgeException("NOT_FOUND", "The file " + file.getPath() + " cannot be read (permission denied).");
        }
        if (catalog != null && !catalog.isFile()) {
            throw new BridgeException("NOT_FOUND", "No catalog file exists at " + catalog.getPath() + ".");
        }
        Sniffer.Format format;
        try {
            format = Sniffer.detect(file);
        } catch (IOException e) {
            throw new BridgeException("NOT_FOUND", "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        java.nio.charset.Charset wide;
        try {
            wide = Sniffer.wideCharset(file);
            Depth.check(file, format, wide, Depth.limit());
        } catch (IOException e) {
            throw new BridgeException("NOT_FOUND", "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
        progress.report("parse", 0.0);

        OWLOntologyManager man = OWLManager.createOWLOntologyManager();
        LocalMapper mapper = new LocalMapper(file.getAbsoluteFile().getParentFile(), catalog);
        man.getIRIMappers().clear();
        man.getIRIMappers().add(mapper);
        // OWL API 5 reads the loader configuration from the manager's configurator in some code paths (e.g. OBO
        // imports), so configure both the configurator and the explicit configuration.
        man.getOntologyConfigurator()
            .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
            .setFollowRedirects(false)
            .setConnectionTimeout(1)
            .setStrict(false)
            .setReportStackTraces(false);
        OWLOntologyLoaderConfiguration cfg = man.getOntologyLoaderConfiguration()
            .setMissingImportHandlingStrategy(MissingImportHandlingStrategy.SILENT)
            .setFollowRedirects(false)
            .setConnectionTimeout(1)
            .setStrict(false)
            .setReportStackTraces(false);
        man.setOntologyLoaderConfiguration(cfg);
        Map<String, String> missing = new LinkedHashMap<>();
        man.addMissingImportListener(ev -> {
            String iri = ev.getImportedOntologyURI().toString();
            missing.putIfAbsent(iri, ev.getCreationException() == null ? null
                : shortCause(ev.getCreationException()));
        });

        // rough parse progress by elapsed time vs. a size-based estimate (OWL API offers no callback)
        final long size = file.length();
        final long t0 = System.nanoTime();
        final double expectedSec = Math.max(0.5, size / 1.5e6);
        final AtomicLong done = new AtomicLong(0);
        Thread ticker = new Thread(() -> {
            while (done.get() == 0) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
                double el = (System.nanoTime() - t0) / 1e9;
                progress.report("parse", Math.min(0.95, el / (el + expectedSec)));
            }
        }, "parse-progress");
        ticker.setDaemon(true);
        ticker.start();

        OWLOntology root;
        try {
            root = man.loadOntologyFromOntologyDocument(documentSource(file, format, wide), cfg);
        } catch (UnparsableOntologyException e) {
            throw new BridgeException("PARSE_ERROR", parseMessage(file, format, e), e);
        } catch (OWLOntologyAlreadyExistsException | OWLOntologyDocumentAlreadyExistsException e) {
            throw new BridgeException("PARSE_ERROR", "The file " + file.getName()
                + " could not be loaded: an import has the same ontology IRI as another loaded document.", e);
        } catch (OWLOntologyCreationException e) {
            throw new BridgeException("PARSE_ERROR", "The file " + file.getName() + " could not be parsed as "
                + format.label + ": " + redact(shortCause(e)) + ".", e);
        } catch (OWLParserException e) {
            throw new BridgeException("PARSE_ERROR", parseMessage(file, format, e), e);
        } catch (RuntimeException e) {
            throw new BridgeException("PARSE_ERROR", "The file " + file.getName() + " could not be parsed as "
                + format.label + ": " + redact(shortCause(e)) + ".", e);
        } finally {
            done.set(1);
            ticker.interrupt();
        }
        progress.report("parse", 1.0);

        Session s = new Session(man, root, format, file);
        // imports: every import declaration in the closure
        Map<String, String> importPaths = new LinkedHashMap<>();
        for (OWLOntology o : s.closure) {
            o.importsDeclarations().forEach((OWLImportsDeclaration d) -> {
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
            if (e.getValue() == null && notOntology != null) {
                s.warnings.add(new Warning("skipped-import", "The import " + e.getKey() + " points to the local file "
                    + notOntology + ", which is not an ontology document, so it was skipped.", e.getKey(), null));
            } else if (e.getValue() != null && mapper.outside.containsKey(e.getKey())) {
                s.warnings.add(new Warning("import-outside-folder", "The import " + e.getKey() + " was read from "
                    + mapper.outside.get(e.getKey()) + ", outside the ontology's folder.", e.getKey(), null));
            } else if (e.getValue() == null) {
                String why = missing.get(e.getKey());
                String msg = "The import " + e.getKey() + " was not found locally and was skipped (no network access)";
                if (why != null && !mapper.wasUnresolved(e.getKey())) {
                    msg = "The import " + e.getKey() + " could not be loaded and was skipped: " + why;
                }
                s.warnings.add(new Warning("unresolved-import", msg + ".", e.getKey(), null));
            }
        }
        Map<String, Integer> counts = countNonEl(s.closure);
        if (!counts.isEmpty()) {
            int total = counts.values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder msg = new StringBuilder();
            msg.append(total).append(total == 1 ? " use" : " uses")
                .append(" of constructs outside OWL 2 EL will be ignored by ELK (");
            int k = 0;
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                if (k++ > 0) {
                    msg.append(", ");
                }
                msg.append(e.getValue()).append(' ').append(e.getKey());
            }
            msg.append(").");
            s.warnings.add(new Warning("non-el", msg.toString(), null, counts));
        }
        return s;
    }

    /**
     * The file as OWL API should read it. Its parsers assume UTF-8 (XML ones also read a UTF-16 declaration), so a
     * UTF-16 or UTF-32 document with a byte order mark is decoded here and handed over as text, under the file's IRI.
     */
    static org.semanticweb.owlapi.io.OWLOntologyDocumentSource documentSource(File file, Sniffer.Format format,
        java.nio.charset.Charset wide) throws BridgeException {
        if (wide == null) {
            return new FileDocumentSource(file, documentFormat(format));
        }
        try {
            byte[] all = Files.readAllBytes(file.toPath());
            int bom = wide.name().startsWith("UTF-32") ? 4 : 2;
            String text = new String(all, bom, all.length - bom, wide);
            if (format == Sniffer.Format.RDFXML || format == Sniffer.Format.OWLXML) {
                // the declaration would name the byte encoding of a text that is no longer bytes
                text = text.replaceFirst("^(\\s*<\\?xml[^>]*?)\\s+encoding\\s*=\\s*([\"'])[^\"']*\\2", "$1");
            }
            return new org.semanticweb.owlapi.io.StringDocumentSource(text, IRI.create(file), documentFormat(format), null);
        } catch (IOException e) {
            throw new BridgeException("NOT_FOUND", "The file " + file.getPath() + " cannot be read: " + e.getMessage() + ".");
        }
    }

    static OWLDocumentFormat documentFormat(Sniffer.Format f) {
        switch (f) {
            case RDFXML: return new RDFXMLDocumentFormat();
            case OWLXML: return new OWLXMLDocumentFormat();
            case FUNCTIONAL: return new FunctionalSyntaxDocumentFormat();
            case TURTLE: return new org.semanticweb.owlapi.formats.RioTurtleDocumentFormat(); // OWL API's own Turtle parser mangles escapes such as \n
            case OBO: return new OBODocumentFormat();
            default: throw new IllegalArgumentException(f.toString());
        }
    }

    // ---------------------------------------------------------------- error messages

    static String parseMessage(File file, Sniffer.Format format, Exception e) {
        Throwable best = e;
        int line = -1;
        if (e instanceof UnparsableOntologyException) {
            Collection<OWLParserException> ex = ((UnparsableOntologyException) e).getExceptions().values();
            if (!ex.isEmpty()) {
                best = ex.iterator().next();
            }
        }
        if (best instanceof OWLParserException) {
            line = ((OWLParserException) best).getLineNumber();
        }
        // look for the most specific cause (SAX errors carry their own line numbers)
        String detail = null;
        for (Throwable t = best; t != null; t = t.getCause()) {
            if (t instanceof org.xml.sax.SAXParseException) {
                org.xml.sax.SAXParseException sp = (org.xml.sax.SAXParseException) t;
                if (sp.getLineNumber() > 0) {
                    line = sp.getLineNumber();
                }
                detail = sp.getMessage();
                break;
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                detail = t.getMessage();
            }
            if (t.getCause() == t) {
                break;
            }
        }
        detail = clean(detail == null ? best.getClass().getSimpleName() : detail);
        int column = -1;
        if (line <= 0) {
            // JavaCC parsers (functional syntax, Turtle, Manchester) keep the position in currentToken.next
            for (Throwable t = best; t != null && line <= 0; t = t.getCause() == t ? null : t.getCause()) {
                int[] pos = javaccPosition(t);
                if (pos != null) {
                    line = pos[0];
                    column = pos[1];
                }
            }
        }
        java.util.regex.Matcher lm = java.util.regex.Pattern.compile("^LINENO:\\s*(\\d+)\\s*-\\s*").matcher(detail);
        if (lm.find()) {
            line = Integer.parseInt(lm.group(1));
            detail = detail.substring(lm.end());
        }
        detail = detail.replaceAll("\\s*\\(Line \\d+\\)$", "");
        java.util.regex.Matcher rm = java.util.regex.Pattern.compile("\\s*\\[line (\\d+)(, column (\\d+))?\\]$").matcher(detail);
        if (rm.find()) {
            if (line <= 0) {
                line = Integer.parseInt(rm.group(1));
            }
            if (rm.group(3) != null && column <= 0) {
                column = Integer.parseInt(rm.group(3));
            }
            detail = detail.substring(0, rm.start());
        }
        if (line <= 0) {
            java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?i)\\bline[:\\s]+(\\d+)").matcher(detail);
            if (m.find()) {
                line = Integer.parseInt(m.group(1));
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("The file ").append(file.getName()).append(" is not valid ").append(format.label);
        if (line > 0) {
            sb.append(" (line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
            sb.append(')');
        }
        detail = redact(detail);
        sb.append(": ").append(detail);
        if (!detail.endsWith(".")) {
            sb.append('.');
        }
        return sb.toString();
    }

    /**
     * A parser message without the document's own text: quoted tokens longer than a few characters and whatever
     * follows "found:" are replaced by an ellipsis, so pointing the loader at a private file never echoes it. The
     * file name, line, column and the kind of problem remain.
     */
    static String redact(String detail) {
        String d = detail.replaceAll("\"[^\"]{4,}\"", "\"…\"").replaceAll("(^|[\\s(])'[^']{4,}'(?=$|[\\s,.):;])", "$1'…'");
        d = d.replaceAll("(?i)(found:?)\\s+[^\"'].*$", "$1 …");
        d = d.replaceAll("(?i)(Encountered)\\s+.*?(\\s+at line|\\.\\s|$)", "$1 an unexpected token$2");
        return d;
    }

    /** Line and column of the offending token of a JavaCC ParseException (via its public fields), or null. */
    static int[] javaccPosition(Throwable t) {
        try {
            Object tok = field(t, "currentToken");
            if (tok == null) {
                return null;
            }
            Object next = field(tok, "next");
            Object at = next != null ? next : tok;
            int line = (Integer) field(at, "beginLine");
            int col = (Integer) field(at, "beginColumn");
            return line > 0 ? new int[] {line, col} : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = o.getClass().getField(name);
        f.setAccessible(true); // the JavaCC classes are package-private
        return f.get(o);
    }

    /** Reduces a (possibly multi-line, very long) parser message to one readable clause. */
    static String clean(String s) {
        String t = s.replace('\r', '\n');
        // OWL API often prefixes with the parser class and a stack of "Parser: ..." lines; keep the first meaningful line
        String[] lines = t.split("\n");
        String pick = null;
        for (String l : lines) {
            String x = l.trim();
            if (x.isEmpty() || x.startsWith("Stack trace") || x.startsWith("at ") || x.startsWith("Problem parsing")
                || x.startsWith("Could not parse") || x.startsWith("Parser: ") || x.startsWith("-----")) {
                continue;
            }
            pick = x;
            break;
        }
        if (pick == null) {
            pick = lines.length > 0 ? lines[0].trim() : s;
        }
        pick = pick.replaceAll("^(org\\.[\\w.]+|java\\.[\\w.]+|uk\\.[\\w.]+)(Exception|Error):\\s*", "");
        pick = pick.replaceAll("\\s+", " ");
        if (pick.length() > 300) {
            pick = pick.substring(0, 297) + "...";
        }
        return pick;
    }

    static String shortCause(Throwable e) {
        Throwable t = e;
        String msg = null;
        while (t != null) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                msg = t.getMessage();
            }
            if (t.getCause() == null || t.getCause() == t) {
                break;
            }
            t = t.getCause();
        }
        if (msg == null) {
            msg = e.getClass().getSimpleName();
        }
        String c = clean(msg);
        if (c.endsWith(".")) {
            c = c.substring(0, c.length() - 1);
        }
        return c;
    }

    // ---------------------------------------------------------------- non-EL constructs

    static Map<String, Integer> countNonEl(List<OWLOntology> closure) {
        Map<String, Integer> counts = new HashMap<>();
        for (OWLOntology o : closure) {
            o.logicalAxioms().forEach((OWLLogicalAxiom ax) -> {
                String at = axiomName(ax.getAxiomType());
                if (at != null) {
                    counts.merge(at, 1, Integer::sum);
                }
                walk(ax, counts);
            });
        }
        // most frequent first
        List<Map.Entry<String, Integer>> es = new ArrayList<>(counts.entrySet());
        es.sort((a, b) -> b.getValue() != a.getValue().intValue() ? b.getValue() - a.getValue() : a.getKey().compareTo(b.getKey()));
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : es) {
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    private static String axiomName(AxiomType<?> t) {
        if (t == AxiomType.INVERSE_OBJECT_PROPERTIES || t == AxiomType.FUNCTIONAL_OBJECT_PROPERTY
            || t == AxiomType.INVERSE_FUNCTIONAL_OBJECT_PROPERTY || t == AxiomType.SYMMETRIC_OBJECT_PROPERTY
            || t == AxiomType.ASYMMETRIC_OBJECT_PROPERTY || t == AxiomType.IRREFLEXIVE_OBJECT_PROPERTY
            || t == AxiomType.DISJOINT_OBJECT_PROPERTIES || t == AxiomType.DISJOINT_UNION || t == AxiomType.HAS_KEY
            || t == AxiomType.SWRL_RULE || t == AxiomType.FUNCTIONAL_DATA_PROPERTY
            || t == AxiomType.DISJOINT_DATA_PROPERTIES || t == AxiomType.NEGATIVE_OBJECT_PROPERTY_ASSERTION
            || t == AxiomType.NEGATIVE_DATA_PROPERTY_ASSERTION || t == AxiomType.DIFFERENT_INDIVIDUALS
            || t == AxiomType.DATATYPE_DEFINITION) {
            if (t == AxiomType.SWRL_RULE) {
                return "SWRLRule";
            }
            if (t == AxiomType.IRREFLEXIVE_OBJECT_PROPERTY) {
                return "IrreflexiveObjectProperty"; // OWL API's own name is misspelt
            }
            return t.getName();
        }
        return null;
    }

    private static void walk(Object o, Map<String, Integer> counts) {
        if (o instanceof Collection) {
            for (Object x : (Collection<?>) o) {
                walk(x, counts);
            }
            return;
        }
        if (!(o instanceof OWLObject) || o instanceof OWLEntity || o instanceof IRI || o instanceof OWLLiteral) {
            return;
        }
        String name = null;
        if (o instanceof org.semanticweb.owlapi.model.OWLObjectUnionOf) {
            name = "ObjectUnionOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectAllValuesFrom) {
            name = "ObjectAllValuesFrom";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectComplementOf) {
            name = "ObjectComplementOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectMinCardinality) {
            name = "ObjectMinCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectMaxCardinality) {
            name = "ObjectMaxCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectExactCardinality) {
            name = "ObjectExactCardinality";
        } else if (o instanceof OWLObjectOneOf && ((OWLObjectOneOf) o).getOperandsAsList().size() > 1) {
            name = "ObjectOneOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLObjectInverseOf) {
            name = "ObjectInverseOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataAllValuesFrom) {
            name = "DataAllValuesFrom";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataMinCardinality) {
            name = "DataMinCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataMaxCardinality) {
            name = "DataMaxCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataExactCardinality) {
            name = "DataExactCardinality";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataUnionOf) {
            name = "DataUnionOf";
        } else if (o instanceof org.semanticweb.owlapi.model.OWLDataComplementOf) {
            name = "DataComplementOf";
        }
        if (name != null) {
            counts.merge(name, 1, Integer::sum);
        }
        ((OWLObject) o).components().forEach(c -> walk(c, counts));
    }

    // ---------------------------------------------------------------- import resolution

    /**
     * Maps import IRIs to local files: catalog first, then the loaded file's folder (by the last path segment, also
     * under imports/). Anything else maps to a file that does not exist, so OWL API never opens a network connection.
     */
    static final class LocalMapper implements OWLOntologyIRIMapper {
        private static final long serialVersionUID = 1L;
        private final File dir;
        private final Map<String, String> exact = new HashMap<>();
        private final TreeMap<String, String> rewrites = new TreeMap<>();
        private final java.util.Set<String> unresolved = new java.util.HashSet<>();

        LocalMapper(File dir, File catalog) throws BridgeException {
            this.dir = dir;
            if (catalog != null) {
                readCatalog(catalog);
            }
        }

        boolean wasUnresolved(String iri) {
            return unresolved.contains(iri);
        }

        /** Imports whose local candidate exists but is not an ontology document (never loaded), with the file's name. */
        final Map<String, String> skipped = new LinkedHashMap<>();
        /** Imports loaded from an absolute file: IRI outside the ontology's folder. */
        final Map<String, String> outside = new LinkedHashMap<>();

        /** The file as an import target if it sniffs as an ontology document; otherwise it is noted and refused. */
        private IRI accept(String iri, File f) {
            if (!f.isFile()) {
                return null;
            }
            try {
                Sniffer.detect(f);
            } catch (BridgeException | IOException | RuntimeException e) {
                skipped.putIfAbsent(iri, f.getName());
                return null;
            }
            if (dir != null && !f.getAbsoluteFile().toPath().normalize().startsWith(dir.getAbsoluteFile().toPath().normalize())) {
                outside.putIfAbsent(iri, f.getAbsolutePath());
            }
            return IRI.create(f);
        }

        private File standInDir;

        private File emptyStandIn(String iri) {
            try {
                if (standInDir == null) {
                    standInDir = Files.createTempDirectory("oarag-missing-imports").toFile();
                    standInDir.deleteOnExit();
                }
                File f = new File(standInDir, Integer.toHexString(iri.hashCode()) + "-" + unresolved.size() + ".ofn");
                String safe = iri.replace(">", "%3E").replace(" ", "%20");
                Files.write(f.toPath(), ("Ontology(<" + safe + ">)\n").getBytes(StandardCharsets.UTF_8));
                f.deleteOnExit();
                return f;
            } catch (IOException e) {
                return new File("/nonexistent-oarag-import/" + Integer.toHexString(iri.hashCode()));
            }
        }

        private void readCatalog(File catalog) throws BridgeException {
            try {
                DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
                f.setNamespaceAware(true);
                f.setExpandEntityReferences(false);
                f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                try {
                    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
                } catch (Exception ignore) {
                    // not supported by this parser
                }
                DocumentBuilder b = f.newDocumentBuilder();
                b.setEntityResolver((pub, sys) -> new org.xml.sax.InputSource(new java.io.StringReader("")));
                Document d = b.parse(catalog);
                File base = catalog.getAbsoluteFile().getParentFile();
                collect(d.getDocumentElement(), base.toURI());
            } catch (Exception e) {
                throw new BridgeException("PARSE_ERROR", "The catalog " + catalog.getName() + " could not be read: "
                    + shortCause(e) + ".", e);
            }
        }

        private void collect(Element el, URI base) {
            URI b = base;
            String xb = el.getAttributeNS(XMLConstants.XML_NS_URI, "base");
            if (xb != null && !xb.isEmpty()) {
                try {
                    b = base.resolve(xb);
                } catch (IllegalArgumentException ignore) {
                    // keep base
                }
            }
            String local = el.getLocalName() == null ? el.getNodeName() : el.getLocalName();
            try {
                if ("uri".equals(local)) {
                    exact.put(el.getAttribute("name"), b.resolve(el.getAttribute("uri")).toString());
                } else if ("rewriteURI".equals(local)) {
                    rewrites.put(el.getAttribute("uriStartString"), b.resolve(el.getAttribute("rewritePrefix")).toString());
                }
            } catch (IllegalArgumentException ignore) {
                // malformed entry: skip it
            }
            NodeList kids = el.getChildNodes();
            for (int i = 0; i < kids.getLength(); i++) {
                Node k = kids.item(i);
                if (k instanceof Element) {
                    collect((Element) k, b);
                }
            }
        }

        @Override
        public IRI getDocumentIRI(IRI iri) {
            String s = iri.toString();
            String hit = exact.get(s);
            if (hit == null) {
                String best = null;
                for (Map.Entry<String, String> e : rewrites.entrySet()) {
                    if (s.startsWith(e.getKey()) && (best == null || e.getKey().length() > best.length())) {
                        best = e.getKey();
                    }
                }
                if (best != null) {
                    hit = rewrites.get(best) + s.substring(best.length());
                }
            }
            if (hit != null) {
                try {
                    IRI ok = accept(s, hit.startsWith("file:") ? new File(URI.create(hit)) : new File(hit));
                    if (ok != null) {
                        return ok;
                    }
                } catch (IllegalArgumentException ignore) {
                    // a malformed catalog target: fall through
                }
            }
            if ("file".equals(iri.getScheme())) {
                try {
                    IRI ok = accept(s, new File(URI.create(s)));
                    if (ok != null) {
                        return ok;
                    }
                } catch (IllegalArgumentException ignore) {
                    // fall through
                }
            }
            String path = s;
            int q = path.indexOf('?');
            if (q >= 0) {
                path = path.substring(0, q);
            }
            int h = path.indexOf('#');
            if (h >= 0) {
                path = path.substring(0, h);
            }
            while (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            String last = path.substring(path.lastIndexOf('/') + 1);
            if (!last.isEmpty() && dir != null) {
                IRI ok = accept(s, new File(dir, last));
                if (ok == null) {
                    ok = accept(s, new File(new File(dir, "imports"), last));
                }
                if (ok != null) {
                    return ok;
                }
            }
            unresolved.add(s);
            // An empty stand-in document: loading succeeds at once without any network access. (OWL API's OBO
            // converter loads imports with a default configuration that throws on missing imports, so a
            // nonexistent path would abort the whole load.) The import is reported as unresolved.
            return IRI.create(emptyStandIn(s));
        }
    }

}
