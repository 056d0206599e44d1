package oarag.bridge.load.ofn;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The words OWL API 5.1.20's functional-syntax tokenizer turns into keywords (all of them, so that
 * a language tag spelt like one is recognised as the parse error it is there), looked up straight
 * from the document's bytes.
 */
final class OfnKeywords {
    private OfnKeywords() {}

    static final int ONTOLOGY = 0;
    static final int PREFIX = 1;
    static final int IMPORT = 2;
    static final int ANNOTATION = 3;
    static final int DECLARATION = 4;
    static final int CLASS = 5;
    static final int OBJECT_PROPERTY = 6;
    static final int DATA_PROPERTY = 7;
    static final int ANNOTATION_PROPERTY = 8;
    static final int NAMED_INDIVIDUAL = 9;
    static final int DATATYPE = 10;
    static final int SUB_CLASS_OF = 11;
    static final int EQUIVALENT_CLASSES = 12;
    static final int DISJOINT_CLASSES = 13;
    static final int DISJOINT_UNION = 14;
    static final int SUB_OBJECT_PROPERTY_OF = 15;
    static final int OBJECT_PROPERTY_CHAIN = 16;
    static final int EQUIVALENT_OBJECT_PROPERTIES = 17;
    static final int DISJOINT_OBJECT_PROPERTIES = 18;
    static final int OBJECT_PROPERTY_DOMAIN = 19;
    static final int OBJECT_PROPERTY_RANGE = 20;
    static final int INVERSE_OBJECT_PROPERTIES = 21;
    static final int FUNCTIONAL_OBJECT_PROPERTY = 22;
    static final int INVERSE_FUNCTIONAL_OBJECT_PROPERTY = 23;
    static final int REFLEXIVE_OBJECT_PROPERTY = 24;
    static final int IRREFLEXIVE_OBJECT_PROPERTY = 25;
    static final int SYMMETRIC_OBJECT_PROPERTY = 26;
    static final int ASYMMETRIC_OBJECT_PROPERTY = 27;
    static final int TRANSITIVE_OBJECT_PROPERTY = 28;
    static final int SUB_DATA_PROPERTY_OF = 29;
    static final int EQUIVALENT_DATA_PROPERTIES = 30;
    static final int DISJOINT_DATA_PROPERTIES = 31;
    static final int FUNCTIONAL_DATA_PROPERTY = 32;
    static final int DATA_PROPERTY_DOMAIN = 33;
    static final int DATA_PROPERTY_RANGE = 34;
    static final int CLASS_ASSERTION = 35;
    static final int OBJECT_PROPERTY_ASSERTION = 36;
    static final int NEGATIVE_OBJECT_PROPERTY_ASSERTION = 37;
    static final int DATA_PROPERTY_ASSERTION = 38;
    static final int NEGATIVE_DATA_PROPERTY_ASSERTION = 39;
    static final int SAME_INDIVIDUAL = 40;
    static final int DIFFERENT_INDIVIDUALS = 41;
    static final int ANNOTATION_ASSERTION = 42;
    static final int SUB_ANNOTATION_PROPERTY_OF = 43;
    static final int ANNOTATION_PROPERTY_DOMAIN = 44;
    static final int ANNOTATION_PROPERTY_RANGE = 45;
    static final int OBJECT_INTERSECTION_OF = 46;
    static final int OBJECT_UNION_OF = 47;
    static final int OBJECT_COMPLEMENT_OF = 48;
    static final int OBJECT_ONE_OF = 49;
    static final int OBJECT_SOME_VALUES_FROM = 50;
    static final int OBJECT_ALL_VALUES_FROM = 51;
    static final int OBJECT_HAS_VALUE = 52;
    static final int OBJECT_HAS_SELF = 53;
    static final int OBJECT_MIN_CARDINALITY = 54;
    static final int OBJECT_MAX_CARDINALITY = 55;
    static final int OBJECT_EXACT_CARDINALITY = 56;
    static final int OBJECT_INVERSE_OF = 57;

    /**
     * Keywords this reader does not build (data ranges, keys, rules, ...): meeting one in use means
     * giving up.
     */
    static final int OTHER = 58;

    private static final String[] NAMES = {
        "Ontology",
        "Prefix",
        "Import",
        "Annotation",
        "Declaration",
        "Class",
        "ObjectProperty",
        "DataProperty",
        "AnnotationProperty",
        "NamedIndividual",
        "Datatype",
        "SubClassOf",
        "EquivalentClasses",
        "DisjointClasses",
        "DisjointUnion",
        "SubObjectPropertyOf",
        "ObjectPropertyChain",
        "EquivalentObjectProperties",
        "DisjointObjectProperties",
        "ObjectPropertyDomain",
        "ObjectPropertyRange",
        "InverseObjectProperties",
        "FunctionalObjectProperty",
        "InverseFunctionalObjectProperty",
        "ReflexiveObjectProperty",
        "IrreflexiveObjectProperty",
        "SymmetricObjectProperty",
        "AsymmetricObjectProperty",
        "TransitiveObjectProperty",
        "SubDataPropertyOf",
        "EquivalentDataProperties",
        "DisjointDataProperties",
        "FunctionalDataProperty",
        "DataPropertyDomain",
        "DataPropertyRange",
        "ClassAssertion",
        "ObjectPropertyAssertion",
        "NegativeObjectPropertyAssertion",
        "DataPropertyAssertion",
        "NegativeDataPropertyAssertion",
        "SameIndividual",
        "DifferentIndividuals",
        "AnnotationAssertion",
        "SubAnnotationPropertyOf",
        "AnnotationPropertyDomain",
        "AnnotationPropertyRange",
        "ObjectIntersectionOf",
        "ObjectUnionOf",
        "ObjectComplementOf",
        "ObjectOneOf",
        "ObjectSomeValuesFrom",
        "ObjectAllValuesFrom",
        "ObjectHasValue",
        "ObjectHasSelf",
        "ObjectMinCardinality",
        "ObjectMaxCardinality",
        "ObjectExactCardinality",
        "ObjectInverseOf",
    };

    /**
     * The rest of CustomTokenizer's keyword list (OWL API 5.1.20); "fractionDigits" is not in it.
     */
    private static final String[] OTHERS = {
        "Label",
        "Comment",
        "HasKey",
        "Documentation",
        "DataOneOf",
        "DataUnionOf",
        "DataIntersectionOf",
        "DataComplementOf",
        "DatatypeRestriction",
        "DatatypeDefinition",
        "DataAllValuesFrom",
        "DataSomeValuesFrom",
        "DataHasValue",
        "DataMinCardinality",
        "DataMaxCardinality",
        "DataExactCardinality",
        "length",
        "minLength",
        "maxLength",
        "pattern",
        "minInclusive",
        "maxInclusive",
        "minExclusive",
        "maxExclusive",
        "totalDigits",
        "DLSafeRule",
        "Body",
        "Head",
        "ClassAtom",
        "DataRangeAtom",
        "ObjectPropertyAtom",
        "DataPropertyAtom",
        "BuiltInAtom",
        "SameIndividualAtom",
        "DifferentIndividualsAtom",
        "Variable",
        "DescriptionGraphRule",
        "DescriptionGraph",
        "Nodes",
        "NodeAssertion",
        "Edges",
        "EdgeAssertion",
        "MainClasses",
    };

    private static final int MASK = 511;
    private static final byte[][] KEYS = new byte[MASK + 1][];
    private static final int[] CODES = new int[MASK + 1];

    static {
        if (NAMES.length != OTHER) {
            throw new IllegalStateException("keyword table out of step");
        }
        for (int k = 0; k < NAMES.length; k++) {
            put(NAMES[k], k);
        }
        for (String s : OTHERS) {
            put(s, OTHER);
        }
    }

    private static void put(String s, int code) {
        byte[] key = s.getBytes(StandardCharsets.US_ASCII);
        int h = hash(key, 0, key.length) & MASK;
        while (KEYS[h] != null) {
            h = (h + 1) & MASK;
        }
        KEYS[h] = key;
        CODES[h] = code;
    }

    private static int hash(byte[] a, int from, int to) {
        int h = to - from;
        for (int i = from; i < to; i++) {
            h = h * 31 + a[i];
        }
        return h ^ (h >>> 9);
    }

    /** The keyword code of {@code a[from, to)}, or -1. */
    static int find(byte[] a, int from, int to) {
        int h = hash(a, from, to) & MASK;
        for (; ; ) {
            byte[] key = KEYS[h];
            if (key == null) {
                return -1;
            }
            if (Arrays.equals(key, 0, key.length, a, from, to)) {
                return CODES[h];
            }
            h = (h + 1) & MASK;
        }
    }
}
