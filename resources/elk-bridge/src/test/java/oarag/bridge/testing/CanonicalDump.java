package oarag.bridge.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A dump as a sorted list of canonical records, for comparing two dumps of the same ontology: line
 * order, key order and the order inside arrays do not count (they follow hash orders), the stats'
 * timings are left out.
 */
public final class CanonicalDump {
    private CanonicalDump() {}

    public static List<String> of(File f) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) {
                continue;
            }
            JsonObject r = JsonParser.parseString(line).getAsJsonObject();
            if (r.get("t").getAsString().equals("stats")) {
                r.remove("seconds");
            }
            out.add(canonical(r));
        }
        out.sort(null);
        return out;
    }

    private static String canonical(JsonElement e) {
        if (e.isJsonObject()) {
            Map<String, String> sorted = new TreeMap<>();
            for (Map.Entry<String, JsonElement> x : e.getAsJsonObject().entrySet()) {
                sorted.put(x.getKey(), canonical(x.getValue()));
            }
            StringBuilder sb = new StringBuilder("{");
            sorted.forEach(
                    (k, v) ->
                            sb.append(sb.length() > 1 ? "," : "")
                                    .append('"')
                                    .append(k)
                                    .append("\":")
                                    .append(v));
            return sb.append('}').toString();
        }
        if (e.isJsonArray()) {
            List<String> items = new ArrayList<>();
            for (JsonElement x : (JsonArray) e) {
                items.add(canonical(x));
            }
            items.sort(null);
            return "[" + String.join(",", items) + "]";
        }
        return e.toString();
    }

    /** The records only one of the dumps has (at most a few of each), for a readable failure. */
    public static String difference(List<String> a, List<String> b) {
        List<String> onlyA = new ArrayList<>(a);
        List<String> onlyB = new ArrayList<>(b);
        for (String x : b) {
            onlyA.remove(x);
        }
        for (String x : a) {
            onlyB.remove(x);
        }
        return "only in the reload's dump: "
                + onlyA.subList(0, Math.min(3, onlyA.size()))
                + " ("
                + onlyA.size()
                + "); only in the fresh dump: "
                + onlyB.subList(0, Math.min(3, onlyB.size()))
                + " ("
                + onlyB.size()
                + ")";
    }
}
