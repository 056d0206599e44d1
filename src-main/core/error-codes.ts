/**
 * Every stable error code that crosses a boundary (CLI exit text, API errors, task errors). UIs switch
 * on these, never on message text; the message is for people and may change.
 */
export const ERROR_CODES = [
  // Caller mistakes and missing things.
  'usage',
  'bad-params',
  'bad-request',
  'bad-message',
  'bad-settings',
  'bad-uri',
  'bad-root',
  'unknown-method',
  'unknown-name',
  'ambiguous-name',
  'unknown-ontology',
  'not-found',
  'not-open',
  'in-use',
  'method',
  'too-large',
  'forbidden',
  'unauthorized',
  'unavailable',
  'port-busy',
  // A shared resource (one ontology's SPARQL queue) is saturated: try again shortly.
  'busy',
  // Input files.
  'not-a-file',
  'not-a-folder',
  'empty-file',
  'binary-file',
  'compressed-file',
  'parse-error',
  'unsupported-format',
  'no-ontology',
  'too-deep',
  'out-of-memory',
  'java-missing',
  'bridge-crashed',
  'dump-corrupt',
  'bad-store',
  'explain-unavailable',
  'bridge-missing',
  'bridge-timeout',
  'no-classes',
  'file-changed',
  // Git: the file is not inside a repository, or the revision does not hold it.
  'not-in-git',
  'no-revision',
  // Datasets and evaluation.
  'bad-dataset',
  'bad-item',
  'no-existentials',
  'too-few-concepts',
  'no-branch',
  'unknown-root',
  'ambiguous-root',
  'no-mcq',
  'too-few-conditions',
  'unknown-item',
  'bad-edit',
  'bad-frame',
  // Outputs.
  'write-failed',
  'output-exists',
  'output-is-input',
  'output-not-regular',
  'output-dir-not-dir',
  // Queries.
  'sparql-syntax',
  'sparql-form',
  'sparql-store',
  'sparql-worker',
  'sparql-too-long',
  'sparql-too-expensive',
  'sparql-update',
  'query-timeout',
  // DL queries: a class expression that does not parse, one that needs a DL reasoner.
  'manchester-syntax',
  'needs-dl-reasoner',
  // Models (see llm/errors.ts for what each means).
  'model-invalid',
  'model-load',
  'aborted',
  'timeout',
  'http',
  'script-exhausted',
  'bad-reply',
  'crashed',
  'context-overflow',
  'bad-spec',
  'download',
  'model-outside-folder',
  'model-builtin',
  // Transport (the renderer's side of a connection).
  'closed',
  'disconnected',
  // Tasks.
  'cancelled',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

export function isErrorCode(x: unknown): x is ErrorCode {
  return typeof x === 'string' && KNOWN.has(x);
}

/**
 * The bridge speaks UPPER_SNAKE (BAD_REQUEST, PARSE_ERROR…); the rest of the app speaks kebab-case.
 * A code the bridge invents later becomes 'internal' rather than leaking an unknown string.
 */
export function fromBridgeCode(raw: unknown): ErrorCode {
  if (typeof raw !== 'string') return 'internal';
  const code = raw.toLowerCase().replace(/_/g, '-');
  if (code === 'bad-request') return 'bad-request';
  return isErrorCode(code) ? code : 'internal';
}
