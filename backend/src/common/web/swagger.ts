import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';

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
  // Built when first asked for, not at every start: a server whose docs nobody reads never scans its routes for them.
  SwaggerModule.setup('api/docs', app, () => withGlobalRules(SwaggerModule.createDocument(app, config)), {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: { persistAuthorization: true },
  });
}

const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * What the app's global layers do to every route, said on every operation: any request can be refused as
 * malformed (400: JSON, NUL or too deep input, the validation pipe), any body as too large (413), any request can
 * meet the database or Redis gone (503 with Retry-After), and a body with a field its DTO does not declare is
 * refused (the pipe's forbidNonWhitelisted): its schema is closed.
 */
function withGlobalRules(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      operation.responses['400'] ??= { description: 'Petición no válida (el detalle dice por qué)', content: ERROR_BODY };
      operation.responses['503'] ??= { description: 'Servicio no disponible en este momento (cabecera Retry-After)', content: ERROR_BODY };
      const json =
        operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content['application/json'] : undefined;
      if (!json) continue;
      operation.responses['413'] ??= { description: 'Cuerpo demasiado grande', content: ERROR_BODY };
      const schema = bodySchema(document, json.schema);
      if (schema) schema.additionalProperties = false;
    }
  }
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    for (const property of Object.values((schema as SchemaObject).properties ?? {})) dropUntypedNullable(property);
  }
  return document;
}

/**
 * "This, or ''" (a rule's facet under EmptyAsNull) is an anyOf whose first branch already takes null; the
 * `nullable` the CLI plugin adds beside it has no `type`, which OpenAPI 3.0 does not allow.
 */
function dropUntypedNullable(property: SchemaObject | ReferenceObject): void {
  if ('anyOf' in property && property.nullable && !property.type) delete property.nullable;
}

function bodySchema(document: OpenAPIObject, schema: SchemaObject | ReferenceObject | undefined): SchemaObject | undefined {
  if (!schema || !('$ref' in schema)) return schema;
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] as SchemaObject | undefined;
}
