export {
  DIMENSIONS,
  Embedder,
  MAX_TOKENS,
  ModelReleasedError,
  similarity,
  type EmbedderOptions,
  type ModelKind,
  type TextEmbedder,
} from './embedder.js';
export { E5Embedder } from './e5-embedder.js';
export { EmbeddingModel, embeddingModelDir, type ModelState } from './model.js';
export { defaultCacheDir, embedCached } from './cache.js';
export { WorkerEmbedder } from './worker-embedder.js';
