import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** `/api/docs`: the OpenAPI document built from the same zod schemas that validate requests. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Portal API',
          description: 'Apps manager, Taberna shop, social network, AI lab. Errors use the shapes of the wire contract.',
          version: '1.0.0',
        },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            legacyToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' },
          },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // Swagger UI styles itself with inline styles; this policy covers only its own pages.
      staticCSP:
        "default-src 'self'; base-uri 'self'; img-src 'self' data:; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
    });
  },
  { name: 'openapi' },
);
