// The crisis service: POST /api/detect-crisis and rpc.crisis.v1.detect, rules plus optional moderation.
import { loadConfig, runService } from '@hhp/kit';
import { CrisisConfig } from './config.js';
import { crisisService } from './service.js';

const config = loadConfig(CrisisConfig);

await runService({ name: 'crisis', config, setup: crisisService() });
