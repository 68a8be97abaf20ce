export { DIMENSIONS, Embedder, MAX_TOKENS, similarity, type EmbedderOptions, type TextEmbedder } from './embedder.js';
export { EmbeddingModel, embeddingModelDir, type ModelState } from './model.js';
export { defaultCacheDir, embedCached } from './cache.js';
export { WorkerEmbedder } from './worker-embedder.js';
