package oarag.bridge.common;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** Typed reads of request arguments; a missing or mistyped one is a BAD_REQUEST. */
public final class Requests {
    private Requests() {}

    public static String str(JsonObject req, String key, boolean required) throws BridgeException {
        JsonElement e = req.get(key);
        if (e == null || e.isJsonNull()) {
            if (required) {
                throw new BridgeException(
                        "BAD_REQUEST", "The request needs a \"" + key + "\" string.");
            }
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw new BridgeException("BAD_REQUEST", "\"" + key + "\" must be a string.");
        }
        return e.getAsString();
    }

    public static JsonArray array(JsonObject req, String name) throws BridgeException {
        JsonElement e = req.get(name);
        if (e == null || !e.isJsonArray()) {
            throw new BridgeException(
                    "BAD_REQUEST", "The request needs an array \"" + name + "\".");
        }
        return e.getAsJsonArray();
    }
}
