package oarag.bridge.dl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import oarag.bridge.common.BridgeException;
import oarag.bridge.model.Session;
import oarag.bridge.testing.Ofn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.semanticweb.owlapi.reasoner.OWLReasoner;
import org.semanticweb.owlapi.reasoner.ReasonerInterruptedException;

/** ELK's contradictions, the module's EL test, HermiT on modules and its deadline. */
class DlCommandsTest {
    @TempDir Path tmp;

    /** A pizza in miniature: the vegetarian and meaty classes rest on a universal and a union. */
    private Session pizza() throws Exception {
        return Ofn.load(
                tmp,
                "mini-pizza",
                "Declaration(Class(:Pizza))",
                "Declaration(ObjectProperty(:hasTopping))",
                "SubClassOf(:Margherita :Pizza)",
                "SubClassOf(:Margherita ObjectSomeValuesFrom(:hasTopping :Tomato))",
                "SubClassOf(:Margherita ObjectAllValuesFrom(:hasTopping ObjectUnionOf(:Tomato"
                        + " :Cheese)))",
                "SubClassOf(:Ham :Meat)",
                "DisjointClasses(:Meat :Tomato :Cheese)",
                "EquivalentClasses(:MeatyPizza ObjectIntersectionOf(:Pizza"
                        + " ObjectSomeValuesFrom(:hasTopping :Meat)))",
                "EquivalentClasses(:VegetarianPizza ObjectIntersectionOf(:Pizza"
                        + " ObjectAllValuesFrom(:hasTopping ObjectComplementOf(:Meat))))",
                "SubClassOf(:Dog :Animal)",
                "DisjointClasses(:Animal :Stone)");
    }

    private static JsonObject st(String sub, String r, String sup) {
        JsonObject o = new JsonObject();
        o.addProperty("sub", Ofn.iri(sub));
        if (r != null) {
            o.addProperty("r", Ofn.iri(r));
        }
        o.addProperty("sup", Ofn.iri(sup));
        return o;
    }

    private static JsonObject withHermit(JsonObject o, long ms) {
        o.addProperty("reasoner", "hermit");
        o.addProperty("deadlineMs", ms);
        return o;
    }

    @Test
    void elkFindsContradictionsInWhatItReads() throws Exception {
        Session s = pizza();
        boolean dogStone =
                DlCommands.elkSatisfiable(s, s.reasoner(null), st("Dog", null, "Stone"))
                        .get("satisfiable")
                        .getAsBoolean();
        assertFalse(dogStone, "Dog ⊓ Stone is unsatisfiable through Animal ⊓ Stone");
        assertTrue(
                DlCommands.elkSatisfiable(s, s.reasoner(null), st("Dog", null, "Animal"))
                        .get("satisfiable")
                        .getAsBoolean());
        // the contradiction rests on the universal, which ELK does not read: it must not claim it
        assertTrue(
                DlCommands.elkSatisfiable(s, s.reasoner(null), st("Margherita", null, "MeatyPizza"))
                        .get("satisfiable")
                        .getAsBoolean());
    }

    @Test
    void moduleOutsideElGoesToHermit() throws Exception {
        Session s = pizza();
        JsonObject el = DlCommands.dlCheck(s, st("Dog", null, "Animal"));
        assertTrue(el.get("el").getAsBoolean());
        assertFalse(el.has("settled"), "an EL module needs no DL reasoner");

        JsonObject veg =
                DlCommands.dlCheck(
                        s, withHermit(st("Margherita", null, "VegetarianPizza"), 20_000));
        assertFalse(veg.get("el").getAsBoolean());
        assertTrue(veg.get("settled").getAsBoolean());
        assertTrue(veg.get("entailed").getAsBoolean());

        JsonObject meaty =
                DlCommands.dlCheck(s, withHermit(st("Margherita", null, "MeatyPizza"), 20_000));
        assertTrue(meaty.get("settled").getAsBoolean());
        assertFalse(meaty.get("entailed").getAsBoolean());
        assertFalse(
                meaty.get("satisfiable").getAsBoolean(),
                "Margherita ⊓ MeatyPizza is unsatisfiable");

        JsonObject ham =
                DlCommands.dlCheck(s, withHermit(st("Margherita", "hasTopping", "Ham"), 20_000));
        assertTrue(ham.get("settled").getAsBoolean());
        assertFalse(ham.get("satisfiable").getAsBoolean(), "Margherita ⊓ ∃hasTopping.Ham too");
    }

    @Test
    void contradictionIsExplainedByTheAxiomsItRestsOn() throws Exception {
        Session s = pizza();
        JsonObject req = st("Margherita", null, "MeatyPizza");
        req.addProperty("deadlineMs", 20_000);
        JsonObject o = DlCommands.explainContradiction(s, req);
        assertTrue(o.get("found").getAsBoolean());
        String text = o.get("axioms").toString();
        assertTrue(text.contains("ObjectAllValuesFrom"), text);
        assertTrue(text.contains("DisjointClasses"), text);
        assertFalse(text.contains("Dog"), "an axiom the contradiction does not need: " + text);
    }

    @Test
    void theDeadlineInterruptsTheReasonersOwnWork() throws Exception {
        Session s = pizza();
        AtomicBoolean interrupted = new AtomicBoolean();
        DlReasoner.Maker stubborn =
                (ont, ms) ->
                        (OWLReasoner)
                                Proxy.newProxyInstance(
                                        OWLReasoner.class.getClassLoader(),
                                        new Class<?>[] {OWLReasoner.class},
                                        (proxy, m, args) -> {
                                            switch (m.getName()) {
                                                case "interrupt":
                                                    interrupted.set(true);
                                                    return null;
                                                case "isConsistent":
                                                    return true;
                                                case "isEntailed":
                                                    while (!interrupted.get()) {
                                                        Thread.onSpinWait();
                                                    }
                                                    throw new ReasonerInterruptedException();
                                                default:
                                                    return null;
                                            }
                                        });
        Statement st = new Statement(s.df, Ofn.iri("Margherita"), null, Ofn.iri("MeatyPizza"));
        long t0 = System.nanoTime();
        DlReasoner.Outcome o =
                DlReasoner.check(stubborn, ModuleIndex.of(s).module(st.signature()), st, 150);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(interrupted.get(), "the reasoner was never interrupted");
        assertFalse(o.settled);
        assertTrue(o.timedOut);
        assertTrue(ms < 5_000, "the check took " + ms + " ms");
    }

    @Test
    void bottomFactsListStatedDisjointPairs() throws Exception {
        JsonObject o = DlCommands.bottomFacts(pizza());
        assertEquals(4, o.getAsJsonArray("disjointPairs").size());
        assertFalse(o.get("otherBottom").getAsBoolean());
    }

    @Test
    void badDeadlinesAreRefused() throws Exception {
        Session s = pizza();
        JsonObject req = withHermit(st("Dog", null, "Animal"), 0);
        assertEquals(
                "BAD_REQUEST",
                assertThrows(BridgeException.class, () -> DlCommands.dlCheck(s, req)).code);
    }
}
