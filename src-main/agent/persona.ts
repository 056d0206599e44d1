/** Domains recognised from an ontology's title or IRI; the first match sets the expert's field. */
const DOMAINS: [RegExp, string][] = [
  [/snomed|clinical|disease|medic|patholog|phenotype|symptom/i, 'clinical medicine and healthcare terminology'],
  [/gene ontology|\bgo\b|molecular|protein|cell|gene/i, 'molecular and cell biology'],
  [/food|diet|nutri|ingredient/i, 'foods, their ingredients, origins and preparation'],
  [/anatom|uberon|zebrafish|\bzfa\b|musculoskeletal/i, 'comparative anatomy and developmental biology'],
  [/plant|\bpo\b|botan/i, 'plant biology'],
  [/environment|envo|ecolog|habitat/i, 'environmental science and ecology'],
  [/sequence|\bso\b|genom/i, 'genomics and biological sequence features'],
  [/relation|\bro\b/i, 'biomedical ontology relations'],
  [/pizza|cook|recipe/i, 'cooking and food preparation'],
];

/**
 * The expert the model should be, derived from the ontology's title (or file name) unless the user
 * configured one for this ontology.
 */
export function defaultPersona(title: string | null, fileName: string): string {
  const source = `${title ?? ''} ${fileName}`;
  const domain = DOMAINS.find(([re]) => re.test(source))?.[1];
  const what = title ? `the ${title}` : `the ontology in ${fileName}`;
  return domain
    ? `You are an expert in ${domain}, answering questions about how the concepts of ${what} are defined, classified and related.`
    : `You are a careful domain expert, answering questions about how the concepts of ${what} are defined, classified and related.`;
}
