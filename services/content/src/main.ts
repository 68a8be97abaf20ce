// The content service: the video library (seeded, extended by signed ingest) and the e-mail list.
import { loadConfig, runService } from '@hhp/kit';
import { ContentConfig } from './config.js';
import { contentService } from './service.js';

const config = loadConfig(ContentConfig);

await runService({ name: 'content', config, setup: contentService });
