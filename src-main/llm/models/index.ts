export { listModels, importModel, type ModelEntry, type ImportOptions } from './model-library';
export { downloadModel, sha256File, type DownloadOptions, type DownloadProgress } from './model-download';
export {
  recommendModel,
  currentMachine,
  MODEL_CANDIDATES,
  type MachineInfo,
  type ModelRecommendation,
} from './recommend-model';
