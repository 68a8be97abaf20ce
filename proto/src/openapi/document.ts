// The portal's HTTP API as an OpenAPI 3.1 document, generated from the same zod schemas the services
// validate with (so the two cannot drift apart). `generate.ts` writes it to proto/openapi.json.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ASSISTANT_ROUTES, CRISIS_ROUTES } from './assistant-routes.js';
import { BOOKING_ROUTES } from './booking-routes.js';
import { EMAIL_LIST_ROUTES, INGEST_VIDEO_ROUTE, LIST_VIDEOS_ROUTE } from './content-routes.js';
import { withLinks } from './links.js';
import { assertEveryOperationRouted, TAGS, withOperation } from './operations.js';
import { PAYMENTS_ROUTES } from './payments-routes.js';
import { PRACTICE_ROUTES } from './practice-routes.js';
import { BODY_LIMIT } from './route-shapes.js';
import { registerStreamEvents } from './stream-events.js';
import { READ_ALOUD_ROUTE } from './voice-routes.js';

// Every route, in the order of the document's paths (the published document keeps its order).
const ROUTES: RouteConfig[] = [
  ...CRISIS_ROUTES,
  ...ASSISTANT_ROUTES,
  ...EMAIL_LIST_ROUTES,
  LIST_VIDEOS_ROUTE,
  READ_ALOUD_ROUTE,
  INGEST_VIDEO_ROUTE,
  ...BOOKING_ROUTES,
  ...PAYMENTS_ROUTES,
  ...PRACTICE_ROUTES,
];

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registerStreamEvents(registry);
  for (const route of ROUTES) registry.registerPath(withLinks(withOperation(route)));
  assertEveryOperationRouted(ROUTES);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Holistic Health Portal API',
      version: '1.0.0',
      contact: { name: 'Holistic Health Portal support', email: 'support@holistichealth.example' },
      description:
        'Every call of the portal behind nginx. Errors answer `{ "message": ... }`, nginx\'s own too (400, 413, ' +
        '414 and, when a service cannot be reached, 502, 503 or 504). A JSON request body is at most ' +
        `${BODY_LIMIT} once any Content-Encoding (gzip, deflate, br, zstd) is undone.`,
    },
    servers: [{ url: 'http://localhost:8080' }],
    tags: TAGS,
  });
}
