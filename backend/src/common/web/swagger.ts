import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Swagger UI at /api/docs, the OpenAPI JSON at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Consulta API')
    .setDescription(
      'API de Consulta bajo /api/v1. Errores: `{ "detail": "..." }`. Autenticación: token Bearer ' +
        '(POST /auth/google-login, /auth/login/patient o /auth/demo-login, luego "Authorize"). ' +
        'Cada operación indica los roles admitidos.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}
