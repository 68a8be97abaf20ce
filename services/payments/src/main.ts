// The payments service. Until its routes are built it runs on the kit alone: /healthz, /readyz (MongoDB and
// NATS), /metrics, and a JSON 404 for every route nginx sends it.
import { loadConfig, runService, serviceConfig } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

const config = loadConfig(serviceConfig('payments', servicePort('payments')));

await runService({ name: 'payments', config, setup: () => ({ routers: [] }) });
