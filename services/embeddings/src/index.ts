export { DIMENSIONS, Embedder, MAX_TOKENS, similarity, type EmbedderOptions } from './embedder.js';
export { EmbeddingModel, embeddingModelDir, type ModelState } from './model.js';
export { defaultCacheDir, embedCached } from './cache.js';
