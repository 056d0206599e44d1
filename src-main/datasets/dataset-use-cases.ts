import { writeOutputFile, type OutputCheck } from '../core/output-policy';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OntologyService } from '../ontology/ontology-service';
import type { Revision } from './dataset-types';
import { readDataset, toJsonl } from './generate/dataset';
import { reviseOntology, type ReviseOptions } from './revise/revise-service';
import { generateDataset, type GenerateOptions, type GeneratedDataset } from './generate/generate-dataset';

/**
 * The generate use case, the same for the API and the CLI: a Test 1 dataset from an open ontology,
 * written as JSONL under the output policy. Only where the file goes differs between the doors.
 */
export async function generateToFile(
  h: OntologyHandle,
  opts: GenerateOptions,
  path: string,
  outputs: Omit<OutputCheck, 'targets'>,
): Promise<GeneratedDataset & { path: string }> {
  const res = await generateDataset(h, opts);
  writeOutputFile(path, toJsonl(res.items), outputs);
  return { ...res, path };
}

/** The revise use case: the dataset (if any) read off the event loop, then the revision. */
export async function reviseFromFiles(
  service: OntologyService,
  ontologyPath: string,
  opts: Omit<ReviseOptions, 'questions' | 'questionsPath'> & { datasetPath?: string },
): Promise<Revision> {
  const { datasetPath, ...rest } = opts;
  const questions = datasetPath ? (await readDataset(datasetPath)).items : undefined;
  return reviseOntology(service, ontologyPath, { ...rest, questions, questionsPath: datasetPath });
}
