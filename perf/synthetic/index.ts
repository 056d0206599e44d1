import { newStats, type GeneratorStats } from './common';
import { writeGo } from './go';
import { Prng } from './prng';
import { ChunkWriter, fileSink, type ChunkSink } from './sink';
import { writeSnomed } from './snomed';

export type SyntheticShape = 'go' | 'snomed';

export interface SyntheticOptions {
  shape: SyntheticShape;
  /** Exact number of named classes written (owl:Thing not counted). */
  classes: number;
  /** PRNG seed; the same options give byte-identical output. Default 1. */
  seed?: number;
}

export type { ChunkSink, GeneratorStats };
export { fileSink };

/** Default sizes matching the real ontologies the shapes imitate. */
export const DEFAULT_CLASSES: Record<SyntheticShape, number> = { go: 50_000, snomed: 350_000 };

/**
 * Streams a synthetic OWL 2 EL ontology in functional syntax to `sink`, in chunks of ~64 KiB; a
 * promise returned by `sink.write` is awaited before generating more (backpressure).
 */
export async function generateSyntheticOntology(opts: SyntheticOptions, sink: ChunkSink): Promise<GeneratorStats> {
  const seed = opts.seed ?? 1;
  if (opts.shape !== 'go' && opts.shape !== 'snomed')
    throw new Error(`Unknown shape "${String(opts.shape)}" (expected go or snomed).`);
  if (!Number.isInteger(opts.classes) || opts.classes < 1 || opts.classes > 9_000_000) {
    throw new Error(`The number of classes must be an integer between 1 and 9000000, not ${opts.classes}.`);
  }
  if (!Number.isInteger(seed)) throw new Error(`The seed must be an integer, not ${seed}.`);
  const t0 = performance.now();
  const rand = new Prng(seed);
  const w = new ChunkWriter(sink);
  const stats = newStats(opts.shape, seed);
  if (opts.shape === 'go') await writeGo(rand, opts.classes, seed, w, stats);
  else await writeSnomed(rand, opts.classes, seed, w, stats);
  await w.flush();
  stats.chars = w.written;
  stats.seconds = (performance.now() - t0) / 1000;
  return stats;
}

/** Writes the ontology to `path` (via a temporary file renamed at the end). */
export async function writeSyntheticOntology(opts: SyntheticOptions, path: string): Promise<GeneratorStats> {
  const sink = fileSink(path);
  try {
    const stats = await generateSyntheticOntology(opts, sink);
    await sink.close();
    return stats;
  } catch (e) {
    sink.abort();
    throw e;
  }
}
