export interface ModelInfo {
  path: string;
  fileName: string;
  sizeBytes: number;
  architecture: string | null;
  quantisation: string | null;
  contextLength: number | null;
  parameters?: string | null;
  error?: string;
  /** The model npm install fetched (scripts/fetch-model.mjs); used when no other model is chosen. */
  builtIn?: boolean;
}
