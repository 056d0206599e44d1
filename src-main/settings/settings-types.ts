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
}
