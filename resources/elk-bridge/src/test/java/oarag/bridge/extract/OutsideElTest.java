package oarag.bridge.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import oarag.bridge.server.Commands;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;

/**
 * The load answer's {@code outsideEl}: the named classes of axioms that use class constructs ELK
 * ignores, which the checks read as "ELK cannot say", kept right by an incremental reload.
 */
class OutsideElTest extends ReloadCase {
    private static final String[] AXIOMS = {
        "Declaration(ObjectProperty(:r))",
        "Declaration(ObjectProperty(:s))",
        "SubClassOf(:A ObjectUnionOf(:B :C))",
        "EquivalentClasses(:D ObjectIntersectionOf(:E ObjectAllValuesFrom(:r :F)))",
        "SubClassOf(:G ObjectSomeValuesFrom(:r :H))",
        "InverseObjectProperties(:r :s)",
    };

    @Test
    void namesTheClassesOfAxiomsWithConstructsOutsideEl() throws Exception {
        JsonObject r = ResultJson.load(Ofn.load(tmp, "outside", AXIOMS));
        // G and H are only in EL axioms; r and s's inverse axiom names no class.
        assertEquals(
                List.of("A", "B", "C", "D", "E", "F"),
                locals(r.getAsJsonArray("outsideEl")),
                r.toString());
    }

    @Test
    void anIncrementalReloadDropsTheClassesOfARemovedAxiom() throws Exception {
        Ofn.load(tmp, "edited", AXIOMS);
        File f = tmp.resolve("edited.ofn").toFile();
        Commands c = warm(f);
        replace(f, "SubClassOf(:A ObjectUnionOf(:B :C))", "SubClassOf(:A :B)");
        JsonObject r = reload(c, f); // also compares outsideEl with a fresh load's
        assertEquals(List.of("D", "E", "F"), locals(r.getAsJsonArray("outsideEl")), r.toString());
    }

    private static List<String> locals(JsonArray a) {
        List<String> out = new ArrayList<>();
        a.forEach(e -> out.add(e.getAsString().substring(Ofn.iri("").length())));
        return out;
    }
}
