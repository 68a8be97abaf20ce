// The voice service. Until its routes are built it runs on the kit alone: /healthz, /readyz (MongoDB and
// NATS), /metrics, and a JSON 404 for every route nginx sends it.
import { loadConfig, runService, serviceConfig } from '@hhp/kit';

const config = loadConfig(serviceConfig('voice', 4006));

await runService({ name: 'voice', config, setup: () => ({ routers: [] }) });
