// The worker entry points, started by path next to the code that starts them (worker-launch.ts,
// sparql-runner.ts, cache-writer.ts). Both bundles (the CLI's and the desktop app's) read this one list,
// so a moved worker cannot break one of them unseen.
export const WORKER_ENTRIES = {
  'llama-worker': 'src-main/llm/local/llama-worker.ts',
  'sparql-worker': 'src-main/ontology/store/sparql/sparql-worker.ts',
  'cache-writer-worker': 'src-main/ontology/cache/cache-writer-worker.ts',
};
