package oarag.bridge.testing;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An extract dump read back, with the entailment rule of docs/bridge-protocol.md ("What the links
 * mean"), the same rule the TypeScript closure index applies: O ⊨ A ⊑ ∃r.B iff some A' ∈ anc*(A)
 * has a link (A', r', F) with r' ⊑* r and B ∈ anc*(F); a reflexive r' ⊑* r also gives it for B ∈
 * anc*(A); an unsatisfiable A entails all.
 */
public final class Dump {
    public final List<JsonObject> records = new ArrayList<>();
    public final JsonObject result;
    final Map<String, List<String>> parents =
            new HashMap<>(); // hier parents + equivalents, filler parents
    public final Map<String, JsonObject> hier = new LinkedHashMap<>();
    public final Set<String> unsat = new HashSet<>();
    public final Map<String, JsonObject> properties = new LinkedHashMap<>();
    public final Map<String, JsonObject> fillers = new LinkedHashMap<>();
    final Map<String, List<String[]>> links = new HashMap<>();
    public final List<String[]> linkList = new ArrayList<>();

    private Dump(JsonObject result) {
        this.result = result;
    }

    static Dump read(File f, JsonObject result) throws IOException {
        Dump d = new Dump(result);
        for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) {
                continue;
            }
            JsonObject r = JsonParser.parseString(line).getAsJsonObject();
            d.records.add(r);
            switch (r.get("t").getAsString()) {
                case "hier":
                    {
                        String c = r.get("c").getAsString();
                        d.hier.put(c, r);
                        List<String> up = new ArrayList<>(Fixtures.strings(r.get("parents")));
                        up.addAll(Fixtures.strings(r.get("equivalents")));
                        d.parents.put(c, up);
                        break;
                    }
                case "unsat":
                    d.unsat.add(r.get("c").getAsString());
                    break;
                case "property":
                    d.properties.put(r.get("iri").getAsString(), r);
                    break;
                case "filler":
                    d.fillers.put(r.get("iri").getAsString(), r);
                    d.parents.put(r.get("iri").getAsString(), Fixtures.strings(r.get("parents")));
                    break;
                case "link":
                    {
                        String[] l = {
                            r.get("s").getAsString(),
                            r.get("r").getAsString(),
                            r.get("f").getAsString()
                        };
                        d.linkList.add(l);
                        d.links.computeIfAbsent(l[0], k -> new ArrayList<>()).add(l);
                        break;
                    }
                default:
                    break;
            }
        }
        return d;
    }

    public List<JsonObject> ofType(String t) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonObject r : records) {
            if (r.get("t").getAsString().equals(t)) {
                out.add(r);
            }
        }
        return out;
    }

    /** anc*(x): x and everything reachable through parents (and equivalents). */
    Set<String> ancestors(String x) {
        Set<String> seen = new HashSet<>();
        Deque<String> q = new ArrayDeque<>();
        seen.add(x);
        q.add(x);
        while (!q.isEmpty()) {
            for (String p : parents.getOrDefault(q.poll(), List.of())) {
                if (seen.add(p)) {
                    q.add(p);
                }
            }
        }
        return seen;
    }

    /** r ⊑* s: s and every told super-property above it (reflexive-transitive). */
    Set<String> superProperties(String r) {
        Set<String> seen = new HashSet<>();
        Deque<String> q = new ArrayDeque<>();
        seen.add(r);
        q.add(r);
        while (!q.isEmpty()) {
            JsonObject p = properties.get(q.poll());
            if (p == null) {
                continue;
            }
            for (String s : Fixtures.strings(p.get("parents"))) {
                if (seen.add(s)) {
                    q.add(s);
                }
            }
        }
        return seen;
    }

    public boolean reflexive(String r) {
        JsonObject p = properties.get(r);
        return p != null && p.get("reflexive").getAsBoolean();
    }

    /** O ⊨ a ⊑ ∃r.b by the links, or O ⊨ a ⊑ b when r is null. */
    public boolean entailed(String a, String r, String b) {
        if (unsat.contains(a)) {
            return true;
        }
        Set<String> anc = ancestors(a);
        if (r == null) {
            return anc.contains(b);
        }
        for (String x : anc) {
            for (String[] l : links.getOrDefault(x, List.of())) {
                if (superProperties(l[1]).contains(r) && ancestors(l[2]).contains(b)) {
                    return true;
                }
            }
        }
        if (anc.contains(b)) {
            for (String p : properties.keySet()) {
                if (reflexive(p) && superProperties(p).contains(r)) {
                    return true;
                }
            }
        }
        return false;
    }

    public List<String> hierParents(String c) {
        JsonObject h = hier.get(c);
        return h == null ? null : Fixtures.strings(h.get("parents"));
    }

    static int count(JsonElement e) {
        return e.getAsInt();
    }
}
