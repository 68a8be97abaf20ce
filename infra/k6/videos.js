// The video list through nginx under load: 50 virtual users for 20 s by default.
//   BASE_URL=http://localhost:8080 .tools/bin/k6 run infra/k6/videos.js
// VUS and DURATION override the load, P99_MS the latency bound (sized for the 2-core machines this
// project runs on, where k6, nginx, the service and FerretDB share the cores); the run fails (exit 99)
// when a threshold is crossed.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL } from './lib/profile.js';

export const options = {
  vus: Number(__ENV.VUS || 50),
  duration: __ENV.DURATION || '20s',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    http_req_duration: [`p(99)<${Number(__ENV.P99_MS || 1000)}`],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

export default function () {
  const response = http.get(`${BASE_URL}/api/videos`, { headers: { 'Accept-Encoding': 'gzip' } });
  check(response, {
    'status is 200': (r) => r.status === 200,
    'body is a JSON list': (r) => Array.isArray(r.json()),
  });
}
