// The ai-query service: POST /api/query-ai, POST /api/query-ai/stream, GET /api/quota.
import { loadConfig, runService } from '@hhp/kit';
import { AiQueryConfig } from './config.js';
import { aiQueryService } from './service.js';

const config = loadConfig(AiQueryConfig);

await runService({ name: 'ai-query', config, setup: aiQueryService() });
