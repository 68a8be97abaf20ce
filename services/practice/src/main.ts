// The practice service: the practice's console's server side (staff, invites, passkeys, sessions, audit log).
import { loadConfig, runService } from '@hhp/kit';
import { PracticeConfig } from './config.js';
import { practiceService } from './service.js';

const config = loadConfig(PracticeConfig);

await runService({ name: 'practice', config, setup: (context) => practiceService(context) });
