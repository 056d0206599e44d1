import { z } from 'zod';
import type { AgentRecord, CheckedGrounding, HistoryEntry, TrajectoryStep } from '../agent/agent-types';
import type { FrameReading } from '../agent/frame/frame-types';
import type { ErrorCode } from '../core/error-codes';
import type { FileRoot, FolderListing } from '../files/file-types';
import type { TaskSnapshot } from '../core/task-types';
import type { DatasetGeneration, DatasetPairing, Revision } from '../datasets/dataset-types';
import type { DatasetExport, DatasetReviewState, ReviewedDataset } from '../datasets/review/review-types';
import type { DiffOutcome } from '../diff/diff-types';
import type {
  EvaluationSummary,
  ReviewItem,
  ReviewMark,
  ReviewRow,
  RunComparison,
  RunInfo,
} from '../evaluation/evaluation-types';
import type { MemoryEstimate, ModelInfo } from '../llm/models/model-types';
import type { Card, SynonymScope } from '../ontology/cards/card-types';
import type { LoadSummary } from '../ontology/ontology-types';
import type {
  ClassAxioms,
  ClassLineage,
  StatedInferred,
  UnsatisfiableExplanation,
} from '../ontology/stated/stated-types';
import type { TreeChildren, TreePath, TreeRelation } from '../ontology/tree/tree-types';
import type { OntologyFileChange, OntologyFileStatus } from '../ontology/watch/watch-types';
import type { SparqlResult } from '../ontology/store/sparql/sparql-types';
import type { QueryExamples, QueryResult, SearchReplacement, SearchTier } from '../query/query-types';
import type { DlQueryResult } from '../query/dl/dl-types';
import type { RecentFile, Settings } from '../settings/settings-types';

// The wire types the renderer may name: it imports this module and nothing else from src-main.
export type * from '../agent/agent-types';
export type * from '../agent/frame/frame-types';
export type * from '../agent/policy/decision-types';
export type * from '../datasets/dataset-types';
export type * from '../datasets/review/review-types';
export type * from '../diff/diff-types';
export type * from '../evaluation/evaluation-types';
export type * from '../files/file-types';
export type * from '../llm/models/model-types';
export type * from '../ontology/cards/card-types';
export type * from '../ontology/ontology-types';
export type * from '../ontology/imports/import-types';
export type * from '../ontology/stated/stated-types';
export type * from '../ontology/tree/tree-types';
export type * from '../ontology/watch/watch-types';
export type * from '../query/query-types';
export type * from '../query/dl/dl-types';
export type * from '../ontology/store/sparql/sparql-types';
export type * from '../settings/settings-types';
export type { ErrorCode } from '../core/error-codes';
export type { TaskProgress, TaskSnapshot, TaskState } from '../core/task-types';
export type { CallEnvelope, DesktopBridge, FileKind } from '../app/bridge-types';
/** One load warning (LoadSummary.warnings): its code is one of LOAD_WARNING_CODES, never free text. */
export { LoadWarningSchema } from '../ontology/load-warnings';

/**
 * The one API between the renderer and the main side. Electron IPC and the web server both serve
 * exactly these methods and events; the renderer imports this file with `import type` only.
 * Params are validated with these schemas on the main side: the renderer is not trusted.
 */

const path = z.string().min(1).max(4096);
const ontologyId = z.string().min(1).max(4096);
const gitRev = z.string().min(1).max(200);
const shortText = z.string().max(10_000);
const modelSpec = z.string().min(1).max(4096);
const agentProtocol = z.enum(['auto', 'structured', 'text']);
const nameScope = z.enum(['question', 'ontology']);
const runId = z.string().regex(/^[0-9a-f]{20}$/, 'must be a run id');
const itemId = z.string().min(1).max(500);
const classIri = z.string().min(1).max(4096);
/** The inferred is-a hierarchy (ELK's) or the asserted one (what the axioms state); absent: inferred. */
const hierarchy = z.enum(['inferred', 'stated']).optional();

export const AgentQuestionSchema = z.object({
  kind: z.enum(['mcq', 'single', 'oq', 'free']),
  question: z.string().min(1).max(20_000),
  options: z
    .array(z.object({ key: z.string().min(1).max(8), name: z.string().min(1).max(2000) }))
    .max(26)
    .optional(),
});

const iri = z.string().min(1).max(4096);
const FrameTermSchema = z.object({ iri, name: z.string().max(2000), from: z.string().max(2000) });

/**
 * A question frame a reviewer sends back (see agent/frame/frame-types.ts). Only IRIs are trusted:
 * names are taken from the ontology again, and every IRI must be a class or relation there.
 */
export const FrameBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('choice'),
    slot: z.enum(['subject', 'relation', 'filler']),
    subject: FrameTermSchema.nullable(),
    relation: FrameTermSchema.nullable(),
    filler: FrameTermSchema.nullable(),
    options: z
      .array(z.object({ key: z.string().min(1).max(8), text: z.string().max(2000), term: FrameTermSchema.nullable() }))
      .max(26),
    /** "Which of these is X not part of?": the right options are those the ontology rules out. */
    negated: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('open'),
    root: FrameTermSchema.nullable(),
    conditions: z.array(z.object({ relation: FrameTermSchema, filler: FrameTermSchema })).max(8),
  }),
  z.object({
    kind: z.literal('free'),
    entities: z.array(FrameTermSchema).max(50),
    statement: z
      .object({ subject: FrameTermSchema, relation: FrameTermSchema, filler: FrameTermSchema.nullable() })
      .nullable(),
  }),
]);

export const paramSchemas = {
  'app.info': z.object({}).strict(),
  /** `catalog`: the XML catalog for its imports; none: one beside the file or above it in its repository. */
  'ontology.open': z.object({ path, catalog: path.optional() }).strict(),
  'ontology.list': z.object({}).strict(),
  'ontology.recent': z.object({}).strict(),
  /** Releases the ontology (its cache file, closure and query service); refused while a task uses it. */
  'ontology.close': z.object({ ontologyId }).strict(),
  /** Whether the file on disk still holds what was loaded (checked now; `ontology.changed` pushes the same). */
  'ontology.status': z.object({ ontologyId }).strict(),
  'ontology.search': z
    .object({
      ontologyId,
      text: shortText,
      limit: z.number().int().min(1).max(200).optional(),
      /** Obsolete classes are left out unless this is true. */
      includeObsolete: z.boolean().optional(),
    })
    .strict(),
  'ontology.card': z.object({ ontologyId, iri: z.string().min(1).max(4096) }).strict(),
  /**
   * The concept tree: a class's children (iri null: the roots), is-a (inferred or stated) or under the
   * relation with that IRI. In the inferred tree unsatisfiable classes sit under owl:Nothing (its IRI
   * lists them) and, marked, under their stated parents.
   */
  'ontology.children': z
    .object({
      ontologyId,
      iri: z.string().min(1).max(4096).nullable(),
      relation: z.string().min(1).max(4096).nullable().optional(),
      hierarchy,
    })
    .strict(),
  /** One path from a root down to the class, to reveal it in the tree. */
  'ontology.path': z
    .object({
      ontologyId,
      iri: z.string().min(1).max(4096),
      relation: z.string().min(1).max(4096).nullable().optional(),
      hierarchy,
    })
    .strict(),
  /**
   * A class's parents, equivalents and links, each marked stated or inferred (links also inherited).
   * Stated axioms come from the reasoner's session: the first call after a warm open loads the file into it.
   */
  'ontology.statedInferred': z.object({ ontologyId, iri: classIri }).strict(),
  /** Every ancestor of a class and the paths from the roots down to it (inferred hierarchy). */
  'ontology.lineage': z.object({ ontologyId, iri: classIri }).strict(),
  /** The class's stated logical axioms in Manchester syntax, and the other axioms that use it. */
  'ontology.axioms': z.object({ ontologyId, iri: classIri }).strict(),
  /** One minimal set of axioms from which the class is unsatisfiable (C ⊑ owl:Nothing). */
  'ontology.whyUnsatisfiable': z.object({ ontologyId, iri: classIri }).strict(),
  /** The relations whose hierarchies the tree can show. */
  'ontology.relations': z.object({ ontologyId }).strict(),
  'query.run': z.object({ ontologyId, query: z.string().max(100_000) }).strict(),
  'query.sparql': z.object({ ontologyId, query: z.string().max(100_000) }).strict(),
  'query.history': z
    .object({ ontologyId: ontologyId.optional(), limit: z.number().int().min(1).max(500).optional() })
    .strict(),
  /** Console examples built from the ontology's own classes and relations. */
  'query.examples': z.object({ ontologyId }).strict(),
  /** A DL query: a Manchester class expression's equivalents, superclasses, subclasses and satisfiability. */
  'query.dl': z.object({ ontologyId, expression: z.string().max(10_000) }).strict(),
  /** No model: the default one (settings, else the built-in model). */
  'ask.start': z
    .object({
      ontologyId,
      question: AgentQuestionSchema,
      model: modelSpec.optional(),
      protocol: agentProtocol.optional(),
      names: nameScope.optional(),
      /** A reviewer's frame for the question; without it the question's words are read. */
      frame: FrameBodySchema.optional(),
    })
    .strict(),
  /** How the question reads as a frame (what answers will be checked against), before any model runs. */
  'ask.frame': z.object({ ontologyId, question: AgentQuestionSchema }).strict(),
  /** Checks an answered question again against a reviewer's frame, without running the model; the history entry keeps it. */
  'ask.recheck': z.object({ ontologyId, historyId: z.string().min(1).max(100), frame: FrameBodySchema }).strict(),
  'history.list': z
    .object({ search: shortText.optional(), limit: z.number().int().min(1).max(1000).optional() })
    .strict(),
  'history.get': z.object({ id: z.string().min(1).max(100) }).strict(),
  'history.export': z.object({ id: z.string().min(1).max(100), format: z.enum(['json', 'markdown']) }).strict(),
  'datasets.generate': z
    .object({
      ontologyId,
      mcq: z.number().int().min(0).max(5000),
      oq: z.number().int().min(0).max(5000),
      root: z.string().max(1000).optional(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
      slots: z
        .object({ subject: z.number().min(0), relation: z.number().min(0), filler: z.number().min(0) })
        .optional(),
      /** Relations no question may use (names or IRIs); negation shortcuts are left out unless included. */
      excludeRelations: z.array(z.string().min(1).max(4096)).max(500).optional(),
      includeNegationShortcuts: z.boolean().optional(),
    })
    .strict(),
  'datasets.revise': z
    .object({
      ontologyId,
      datasetPath: path.optional(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .optional(),
    })
    .strict(),
  /** A dataset file with its review sidecar; names from the ontology when one is given. */
  'datasets.open': z.object({ path, ontologyId: ontologyId.optional() }).strict(),
  /** Which ontology a dataset belongs to, and where that file is (for the Evaluation form's default). */
  'datasets.pairing': z.object({ datasetPath: path }).strict(),
  'datasets.review.get': z.object({ datasetPath: path }).strict(),
  /** Edits change wording only (question, option names): gold keys and option concepts cannot be sent. */
  'datasets.review.set': z
    .object({
      datasetPath: path,
      item: itemId,
      decision: z.enum(['accepted', 'rejected']),
      edit: z
        .object({
          question: z.string().max(20_000).optional(),
          options: z.record(z.string().min(1).max(8), z.string().max(2000)).optional(),
        })
        .strict()
        .nullable()
        .optional(),
    })
    .strict(),
  /** Writes the accepted items to `<dataset>.accepted.jsonl` and returns them. */
  'datasets.export': z.object({ datasetPath: path }).strict(),
  'evaluation.run': z
    .object({
      ontologyId,
      datasetPath: path,
      method: z.enum(['oa-rag', 'cot', 'rag-text', 'reasoner-only', 'string-match']),
      model: modelSpec.optional(),
      /** Questions in flight at once (an OpenAI-compatible server only; others run one by one). */
      concurrency: z.number().int().min(1).max(64).optional(),
      protocol: agentProtocol.optional(),
      names: nameScope.optional(),
      /** Only the first N items, or N drawn at random with `seed` (default 1); not both. */
      first: z.number().int().min(1).max(1_000_000).optional(),
      sample: z.number().int().min(1).max(1_000_000).optional(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .optional(),
    })
    .strict(),
  'evaluation.runs': z.object({}).strict(),
  /** Stored runs side by side per item. */
  'evaluation.compare': z.object({ runIds: z.array(runId).min(2).max(4) }).strict(),
  'evaluation.items': z.object({ runId }).strict(),
  'evaluation.item': z.object({ runId, item: itemId }).strict(),
  'evaluation.mark': z
    .object({ runId, item: itemId, verdict: z.enum(['agree', 'disagree']).nullable(), note: z.string().max(5000) })
    .strict(),
  'evaluation.export': z.object({ runId, format: z.enum(['json', 'markdown']) }).strict(),
  /**
   * Two versions, each an open ontology (id) or any ontology file, opened for the diff (path), as ROBOT
   * diff takes two files; `annotations` compares definitions, synonyms, xrefs and other annotations too.
   */
  'diff.run': z
    .object({
      oldId: ontologyId.optional(),
      oldPath: path.optional(),
      newId: ontologyId.optional(),
      newPath: path.optional(),
      /** Instead of an old side: the new one's file as committed at this git revision (e.g. HEAD). */
      rev: gitRev.optional(),
      namespaces: z.array(z.string().min(1).max(4096)).max(50).optional(),
      annotations: z.boolean().optional(),
    })
    .strict(),
  'diff.export': z
    .object({
      oldId: ontologyId.optional(),
      rev: gitRev.optional(),
      newId: ontologyId,
      namespaces: z.array(z.string().min(1).max(4096)).max(50).optional(),
      annotations: z.boolean().optional(),
      format: z.enum(['json', 'markdown', 'html']),
    })
    .strict(),
  'models.list': z.object({}).strict(),
  'models.import': z.object({ path }).strict(),
  'models.download': z.object({ url: z.string().min(1).max(4096) }).strict(),
  'models.test': z.object({ model: modelSpec }).strict(),
  /** Only a file in the models folder; the built-in model's file only with allowBuiltin. */
  'models.remove': z.object({ path, allowBuiltin: z.boolean().optional() }).strict(),
  /** One local model's run settings (null forgets them); ranges are checked by the settings store. */
  'models.run.set': z
    .object({
      path,
      run: z
        .object({
          contextSize: z.number().int().nullable(),
          threads: z.number().int().nullable(),
          gpuLayers: z.union([z.number().int(), z.literal('auto')]).nullable(),
          temperature: z.number().nullable(),
        })
        .strict()
        .nullable(),
    })
    .strict(),
  /** No contextSize: the one the model's run settings give. */
  'models.estimate': z.object({ path, contextSize: z.number().int().min(1).max(1_048_576).optional() }).strict(),
  /** The web file browser: the allowed folders, and one folder's entries (only inside them). */
  'files.roots': z.object({}).strict(),
  /** One page of a folder (offset, limit ≤ 2000; default the first 500). */
  'files.list': z
    .object({
      path,
      offset: z.number().int().min(0).max(10_000_000).optional(),
      limit: z.number().int().min(1).max(2000).optional(),
    })
    .strict(),
  'settings.get': z.object({}).strict(),
  'settings.set': z.object({ patch: z.record(z.unknown()) }).strict(),
  'tasks.list': z.object({}).strict(),
  'tasks.cancel': z.object({ id: z.string().min(1).max(200) }).strict(),
} as const;

export type ApiMethod = keyof typeof paramSchemas;
export type ApiParams<M extends ApiMethod> = z.infer<(typeof paramSchemas)[M]>;

export interface AppInfo {
  version: string;
  mode: 'desktop' | 'web';
  cacheDir: string;
  dataDir: string;
  modelsDir: string;
  sampleOntology: string | null;
  sharedOntologies: string | null;
  /** The model used when none is named (the settings' default, else the built-in one), if any. */
  defaultModel: string | null;
  builtinModel: string | null;
  /** Entries of settings.json (or recent.json) refused when they were read, each by name; the rest was kept. */
  settingsProblems: string[];
}

export interface OntologyInfo {
  id: string;
  path: string;
  summary: LoadSummary;
  /** The label languages its class names were chosen by, in order of preference ('' for no tag). */
  nameLanguages: string[];
  /** Its first unsatisfiable classes by name (at most 50; `summary.unsatisfiable` lists every IRI). */
  unsatisfiableNamed: { iri: string; name: string }[];
  /**
   * Set on an open that found this exact content still open from an earlier open and served it as it
   * was: nothing was loaded, and the summary is that earlier load's.
   */
  alreadyOpen?: boolean;
}

export interface SearchHit {
  iri: string;
  name: string;
  /** The name that matched: the label, a synonym, an ID, or a similar name. */
  matched: string;
  matchKind: string;
  /** How it matched; results come in tier order (id, label, synonym, prefix, words, fuzzy). */
  tier: SearchTier;
  /** The scope of the synonym that matched, if one did. */
  scope?: SynonymScope;
  score: number;
  obsolete: boolean;
  /** A definition match: where the text is in `matched` (the definition around it), to mark it. */
  highlight?: { start: number; length: number };
  /** Set when the query named an alternative ID or an obsolete term this live term replaces. */
  replaces?: SearchReplacement;
  /** The import IRI the term comes from; absent for the loaded file's own terms. */
  source?: string;
}

export interface TaskRef {
  taskId: string;
}

export interface QueryHistoryEntry {
  ontologyId: string;
  query: string;
  at: string;
  form: string;
  /** Why the query failed; null when it ran. */
  error: string | null;
}

export interface ApiResults {
  'app.info': AppInfo;
  'ontology.open': TaskRef;
  'ontology.list': OntologyInfo[];
  'ontology.recent': RecentFile[];
  'ontology.close': { closed: boolean };
  'ontology.status': OntologyFileStatus;
  'ontology.search': SearchHit[];
  'ontology.card': Card;
  'ontology.children': TreeChildren;
  'ontology.path': TreePath;
  'ontology.statedInferred': StatedInferred;
  'ontology.lineage': ClassLineage;
  'ontology.axioms': ClassAxioms;
  'ontology.whyUnsatisfiable': UnsatisfiableExplanation;
  'ontology.relations': TreeRelation[];
  'query.run': QueryResult;
  'query.sparql': SparqlResult;
  'query.history': QueryHistoryEntry[];
  'query.examples': QueryExamples;
  'query.dl': DlQueryResult;
  'ask.start': TaskRef;
  'ask.frame': FrameReading;
  'ask.recheck': { frame: FrameReading; checked: CheckedGrounding; historyId: string };
  'history.list': HistoryEntry[];
  'history.get': AgentRecord;
  'history.export': { fileName: string; mime: string; content: string };
  'datasets.generate': TaskRef;
  'datasets.revise': TaskRef;
  'datasets.open': ReviewedDataset;
  'datasets.pairing': DatasetPairing;
  'datasets.review.get': DatasetReviewState;
  'datasets.review.set': DatasetReviewState;
  'datasets.export': DatasetExport;
  'evaluation.run': TaskRef;
  'evaluation.runs': RunInfo[];
  'evaluation.items': { run: RunInfo; rows: ReviewRow[] };
  'evaluation.compare': RunComparison;
  'evaluation.item': ReviewItem;
  'evaluation.mark': ReviewMark | null;
  'evaluation.export': { fileName: string; mime: string; content: string };
  'diff.run': TaskRef;
  'diff.export': { fileName: string; mime: string; content: string };
  'models.list': ModelInfo[];
  'models.import': ModelInfo;
  'models.download': TaskRef;
  'models.test': { text: string; ms: number; outputTokens: number };
  'models.remove': { removed: string; settings: Settings };
  'models.run.set': Settings;
  'models.estimate': MemoryEstimate;
  'files.roots': FileRoot[];
  'files.list': FolderListing;
  'settings.get': Settings;
  'settings.set': Settings;
  'tasks.list': ApiTask[];
  'tasks.cancel': { cancelled: boolean };
}

/** What each kind of long task resolves with (the `kind` of its TaskRef's task). */
export interface ApiTaskResults {
  load: OntologyInfo;
  ask: AskOutcome;
  generate: DatasetGeneration;
  revise: Revision;
  evaluate: EvaluationSummary;
  download: ModelInfo;
  diff: DiffOutcome;
}

export type TaskKind = keyof ApiTaskResults;

/** An answered question: its history id and the full record. */
export interface AskOutcome {
  id: string;
  record: AgentRecord;
}

/** A task as the renderer sees it; `result` is set once it ended 'ok', typed by its kind. */
export type ApiTask = {
  [K in TaskKind]: Omit<TaskSnapshot, 'kind'> & { kind: K; result?: ApiTaskResults[K] };
}[TaskKind];

/** The task of one kind, as `waitFor` narrows it. */
export type ApiTaskOf<K extends TaskKind> = Extract<ApiTask, { kind: K }>;

export interface ApiEvents {
  'task.update': ApiTask;
  'ask.step': { taskId: string; step: TrajectoryStep };
  /** An open ontology's file was modified or deleted on disk, or holds the loaded content again. */
  'ontology.changed': OntologyFileChange;
}

export type ApiEvent = keyof ApiEvents;

/** What every transport hands the renderer: typed calls and typed event subscriptions. */
export interface WorkbenchApi {
  call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResults[M]>;
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}

/** Errors cross the transport as data; `code` is stable, `message` is for people. */
export interface ApiErrorPayload {
  code: ErrorCode;
  message: string;
}

export function isApiMethod(m: unknown): m is ApiMethod {
  return typeof m === 'string' && Object.prototype.hasOwnProperty.call(paramSchemas, m);
}
