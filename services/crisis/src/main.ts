// The crisis service: the rule-based detector behind POST /api/detect-crisis and rpc.crisis.v1.detect.
import { loadConfig, runService, serviceConfig } from '@hhp/kit';
import { crisisService } from './service.js';

const config = loadConfig(serviceConfig('crisis', 4002));

await runService({ name: 'crisis', config, setup: crisisService });
