package oarag.bridge.load;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import oarag.bridge.common.BridgeException;
import org.semanticweb.owlapi.model.IRI;
import org.semanticweb.owlapi.model.OWLOntologyIRIMapper;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Maps import IRIs to local files: catalog first, then the loaded file's folder (by the last path
 * segment, also under imports/). Anything else maps to a file that does not exist, so OWL API never
 * opens a network connection.
 */
final class LocalMapper implements OWLOntologyIRIMapper {
    private static final long serialVersionUID = 1L;
    private final File dir;
    private final Map<String, String> exact = new HashMap<>();
    private final TreeMap<String, String> rewrites = new TreeMap<>();
    private final java.util.Set<String> unresolved = new java.util.HashSet<>();

    private final java.util.List<File> roots;

    /** How each resolved import was found: catalog, file (an absolute file: IRI) or folder. */
    final Map<String, String> origin = new HashMap<>();

    /** Imports the catalog maps to a file that is missing or unreadable, with that path. */
    final Map<String, String> missingTargets = new LinkedHashMap<>();

    /** Imports whose target lies outside the allowed folders, with that path. */
    final Map<String, String> refused = new LinkedHashMap<>();

    /** Catalog problems that are not about one import (a next catalog that is missing). */
    final java.util.List<String> catalogNotes = new java.util.ArrayList<>();

    private final java.util.Set<String> catalogsRead = new java.util.HashSet<>();

    LocalMapper(File dir, File catalog, java.util.List<File> roots, boolean lenient)
            throws BridgeException {
        this.dir = dir;
        this.roots = roots;
        if (catalog != null) {
            try {
                readCatalog(catalog, 0);
            } catch (BridgeException e) {
                if (!lenient) {
                    throw e;
                }
                exact.clear();
                rewrites.clear();
                String m = e.getMessage();
                catalogNotes.add(
                        (m.endsWith(".") ? m.substring(0, m.length() - 1) : m)
                                + "; it was not used.");
            }
        }
    }

    LocalMapper(File dir, File catalog, java.util.List<File> roots) throws BridgeException {
        this(dir, catalog, roots, false);
    }

    LocalMapper(File dir, File catalog) throws BridgeException {
        this(dir, catalog, null);
    }

    private boolean allowed(File f) {
        if (roots == null) {
            return true;
        }
        java.nio.file.Path p;
        try {
            p = f.toPath().toRealPath();
        } catch (IOException e) {
            p = f.getAbsoluteFile().toPath().normalize();
        }
        for (File r : roots) {
            try {
                if (p.startsWith(r.toPath().toRealPath())) {
                    return true;
                }
            } catch (IOException ignore) {
                // a root that is gone allows nothing
            }
        }
        return false;
    }

    boolean wasUnresolved(String iri) {
        return unresolved.contains(iri);
    }

    /**
     * Imports whose local candidate exists but is not an ontology document (never loaded), with the
     * file's name.
     */
    final Map<String, String> skipped = new LinkedHashMap<>();

    /** Imports loaded from an absolute file: IRI outside the ontology's folder. */
    final Map<String, String> outside = new LinkedHashMap<>();

    /**
     * The file as an import target if it sniffs as an ontology document; otherwise it is noted and
     * refused.
     */
    private IRI accept(String iri, File f) {
        if (!f.isFile()) {
            return null;
        }
        if (!allowed(f)) {
            refused.putIfAbsent(iri, f.getAbsolutePath());
            return null;
        }
        try {
            Sniffer.detect(f);
        } catch (BridgeException | IOException | RuntimeException e) {
            skipped.putIfAbsent(iri, f.getName());
            return null;
        }
        if (dir != null
                && !f.getAbsoluteFile()
                        .toPath()
                        .normalize()
                        .startsWith(dir.getAbsoluteFile().toPath().normalize())) {
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
            File f =
                    new File(
                            standInDir,
                            Integer.toHexString(iri.hashCode()) + "-" + unresolved.size() + ".ofn");
            String safe = iri.replace(">", "%3E").replace(" ", "%20");
            Files.write(
                    f.toPath(), ("Ontology(<" + safe + ">)\n").getBytes(StandardCharsets.UTF_8));
            f.deleteOnExit();
            return f;
        } catch (IOException e) {
            return new File("/nonexistent-oarag-import/" + Integer.toHexString(iri.hashCode()));
        }
    }

    private void readCatalog(File catalog, int depth) throws BridgeException {
        String key = catalog.getAbsoluteFile().toPath().normalize().toString();
        if (depth > 8 || !catalogsRead.add(key)) {
            return;
        }
        java.util.List<File> next = new java.util.ArrayList<>();
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setExpandEntityReferences(false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            try {
                f.setFeature(
                        "http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            } catch (Exception ignore) {
                // not supported by this parser
            }
            DocumentBuilder b = f.newDocumentBuilder();
            b.setEntityResolver(
                    (pub, sys) -> new org.xml.sax.InputSource(new java.io.StringReader("")));
            Document d = b.parse(catalog);
            File base = catalog.getAbsoluteFile().getParentFile();
            collect(d.getDocumentElement(), base.toURI(), next);
        } catch (Exception e) {
            throw new BridgeException(
                    "PARSE_ERROR",
                    "The catalog "
                            + catalog.getName()
                            + " could not be read: "
                            + ParseErrors.shortCause(e)
                            + ".",
                    e);
        }
        // entries of the catalog itself win over those of the catalogs it delegates to
        for (File n : next) {
            if (n.isFile() && n.canRead()) {
                readCatalog(n, depth + 1);
            } else {
                catalogNotes.add(
                        "The catalog "
                                + catalog.getName()
                                + " names a next catalog "
                                + n.getPath()
                                + ", which is missing or unreadable.");
            }
        }
    }

    private void collect(Element el, URI base, java.util.List<File> next) {
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
                exact.putIfAbsent(
                        el.getAttribute("name"), b.resolve(el.getAttribute("uri")).toString());
            } else if ("rewriteURI".equals(local)) {
                rewrites.putIfAbsent(
                        el.getAttribute("uriStartString"),
                        b.resolve(el.getAttribute("rewritePrefix")).toString());
            } else if ("nextCatalog".equals(local)) {
                URI n = b.resolve(el.getAttribute("catalog"));
                next.add("file".equals(n.getScheme()) ? new File(n) : new File(n.toString()));
            }
        } catch (IllegalArgumentException ignore) {
            // malformed entry: skip it
        }
        NodeList kids = el.getChildNodes();
        for (int i = 0; i < kids.getLength(); i++) {
            Node k = kids.item(i);
            if (k instanceof Element) {
                collect((Element) k, b, next);
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
                if (s.startsWith(e.getKey())
                        && (best == null || e.getKey().length() > best.length())) {
                    best = e.getKey();
                }
            }
            if (best != null) {
                hit = rewrites.get(best) + s.substring(best.length());
            }
        }
        if (hit != null) {
            try {
                File target = hit.startsWith("file:") ? new File(URI.create(hit)) : new File(hit);
                IRI ok = accept(s, target);
                if (ok != null) {
                    origin.put(s, "catalog");
                    return ok;
                }
                if (!target.isFile() || !target.canRead()) {
                    missingTargets.putIfAbsent(s, target.getPath());
                }
            } catch (IllegalArgumentException ignore) {
                // a malformed catalog target: fall through
            }
        }
        if ("file".equals(iri.getScheme())) {
            try {
                IRI ok = accept(s, new File(URI.create(s)));
                if (ok != null) {
                    origin.put(s, "file");
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
                origin.put(s, "folder");
                return ok;
            }
        }
        unresolved.add(s);
        // An empty stand-in document: loading succeeds at once without any network access. (OWL
        // API's OBO
        // converter loads imports with a default configuration that throws on missing imports, so a
        // nonexistent path would abort the whole load.) The import is reported as unresolved.
        return IRI.create(emptyStandIn(s));
    }
}
