export interface RecentFile {
  path: string;
  openedAt: string;
}

export interface Settings {
  theme: 'light' | 'dark' | 'system';
  defaultModel: string | null;
  local: { threads: number | null; gpuLayers: number | 'auto' | null; contextSize: number | null };
  openai: { baseUrl: string | null; model: string | null; apiKeyEnv: string | null };
  personas: Record<string, string>;
  /** Run settings per local model, keyed by the model file's absolute path; they win over `local`. */
  models: Record<string, ModelRunSettings>;
  /** Folders the web mode's file browser may list; null means the defaults (see FileBrowser). */
  fileRoots: string[] | null;
  /**
   * Languages of the labels that name entities, best first; '' stands for a label without a
   * language tag (ontology/names/naming-policy.ts). Applies when an ontology is next opened.
   */
  nameLanguages: string[];
  /**
   * Who drives the agent's queries: 'policy' (a fixed policy from the question frame, answers decided
   * by the model's likelihoods), 'react' (the model's own loop, started from that evidence), or 'auto'
   * (policy for small local models, react otherwise; see agent/driver.ts).
   */
  agentDriver: 'auto' | 'policy' | 'react';
  /**
   * API keys by the host they are for (`api.openai.com`, `127.0.0.1:8080`): the environment variable
   * holding each (named like `*_API_KEY` or `*_TOKEN`). A server gets no key but its own
   * (llm/openai/api-key.ts); `openai.apiKeyEnv` is the key of the server at `openai.baseUrl`.
   */
  apiKeys: Record<string, string>;
  /**
   * How long a DL reasoner may take on one statement's locality module in interactive checks (ms);
   * what it does not settle by then is UNKNOWN. Dataset generation uses a longer deadline of its own.
   */
  dlDeadlineMs: number;
}

/** How one local model is run; null keeps the `local` setting (or the machine default). */
export interface ModelRunSettings {
  contextSize: number | null;
  threads: number | null;
  gpuLayers: number | 'auto' | null;
  /** Sampling temperature when a call names none (the agent's default is 0, greedy). */
  temperature: number | null;
}
