export {
  GgufFormatError,
  readGgufHeader,
  type GgufFormatProblem,
  type GgufHeader,
  type GgufMetaValue,
  type GgufTensorInfo,
  type GgufReadLimits,
} from './gguf-reader';
export { inspectGguf, factsFromHeader, type GgufFacts } from './gguf-facts';
export { GGML_TYPES, FILE_TYPE_NAMES } from './ggml-types';
