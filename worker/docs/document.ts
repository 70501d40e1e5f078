/**
 * The OpenAPI document (API.md "The OpenAPI document"), made at build time from the routes
 * as the app answers them (routes/documented.ts) and their schemas: `npm run build` writes it
 * into the static assets (scripts/build/openapi-document.ts), and the Worker serves it from there
 * (served.ts), so neither zod's full build nor zod-to-openapi is part of the Worker. Loaded
 * only with `zod/mini` resolved to zod-full.ts, which lets the schemas say what they document.
 */
import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { app, VERSION } from '../app.js';
import { documentedRoutes, PUBLIC } from '../routes/documented.js';
import { WebhookBodySchema, WebhookHeadersSchema } from '../schemas/index.js';
import type { OpenApiDocument } from '../routes/served-document.js';

/**
 * A route as zod-to-openapi takes it. Its schemas are typed as the mini build's, which the
 * Worker runs; here they are the full build's (zod-full.ts), which RouteConfig names.
 */
const asRouteConfig = (route: object): RouteConfig => route as RouteConfig;

/** The document without its server, which the Worker adds as it serves it (served.ts). */
export function openApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const { middleware: _middleware, ...route } of documentedRoutes(app)) {
    if (route.summary === undefined || route.description === undefined) {
      throw new Error(`${route.method} ${route.path} has no summary or description: is OPENAPI_PROSE set (scripts/build/openapi-document.ts)?`);
    }
    registry.registerPath(asRouteConfig(route));
  }

  // The webhook a seat receives (OpenAPI 3.1 `webhooks`; sent by worker/notifications/webhook.ts).
  registry.registerWebhook(
    asRouteConfig({
      method: 'post',
      path: 'notification',
      operationId: 'notification',
      summary: "Sent to a seat's webhookUrl",
      description:
        'One POST per event and seat, every event (unlike mail, whether or not the seat is at the table), signed as Standard Webhooks says: check `webhook-signature` with the `webhookSecret` of ' +
        '`PUT …/notifications` (e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package). ' +
        'Answer 2xx within 10 s; otherwise the same message (same `webhook-id`) is sent again after 10 s, 30 s, 2 min, 10 min, 1 h, 3 h and 6 h, ' +
        'then dropped. Messages may arrive out of order or twice: use `version` and `webhook-id`.',
      // No HTTP authentication: the receiver checks the signature headers.
      security: PUBLIC,
      request: { headers: WebhookHeadersSchema, body: { content: { 'application/json': { schema: WebhookBodySchema } }, required: true } },
      responses: { 200: { description: 'Any 2xx: received' } },
    }),
  );

  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: "The secret token of a link: a seat's, the spectators' or the table admin's (the fragment of the link)",
  });

  registry.registerComponent('securitySchemes', 'operator', {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's secret OPS_TOKEN (a Worker secret); without it the operator's endpoints do not exist",
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Wallachen online',
      version: VERSION,
      description:
        'Play Wallachen by correspondence. Every error answers `{"error": {"code", "message"}}`; rule refusals name the rule of RULES.md (e.g. "R7.5: you must overtrump").',
    },
  }) as OpenApiDocument;
}
