import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/**
 * Swagger UI at /api/docs, the OpenAPI JSON at /api/docs-json (both off with API_DOCS=false). The document
 * passes `redocly lint` with the recommended rules (backend/redocly.yaml; a backend test keeps it so).
 */
export function setupSwagger(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Consulta API')
    .setDescription(
      'API de Consulta bajo /api/v1. Errores: `{ "detail": "...", "code": "...", "request_id": "..." }` (el id también va en la cabecera X-Request-Id). Autenticación: token Bearer ' +
        '(POST /auth/google-login, /auth/login/patient o /auth/demo-login, luego "Authorize"). ' +
        'Cada operación indica los roles admitidos; las públicas tienen un límite por cliente (429 con Retry-After).',
    )
    .setVersion('1')
    // The paths carry /api/v1: the server is this same origin, whatever name the browser used.
    .addServer('/', 'Este servidor')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
