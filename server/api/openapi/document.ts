import { PATHS } from './paths';
import { SCHEMAS } from './schemas';

const sandboxPage = {
  get: {
    summary: 'Sandbox payment page (HTML, no script, own CSP)',
    tags: ['orders'],
    parameters: [
      { name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['ru', 'en', 'uz'] } },
    ],
    responses: { '200': { description: 'HTML page', content: { 'text/html': {} } }, '404': { description: 'HTML page: unknown payment', content: { 'text/html': {} } } },
  },
};
const sandboxDecision = (summary: string) => ({
  post: {
    summary,
    tags: ['orders'],
    parameters: [{ name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } } },
    responses: { '303': { description: 'Back to the returnPath given at payment start, with ?order=&payment=approved|declined|refunded' } },
  },
});

/** The contract of the reference operator API; a test checks real responses against it. */
export const openApiDocument = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: {
    title: 'Oq reference operator API',
    version: '1.0.0',
    description:
      'JSON over HTTP. Errors are { error: { code, message, field? } } with the message in the language of X-Language, else Accept-Language (ru default). Unknown body or query fields are a 400 naming the field. Tokens are HS256 JWTs with `kind` reservation | auth | order and `exp` in seconds; send one as Bearer and others in X-Reservation-Token, X-Auth-Token or X-Access-Token.',
  },
  servers: [{ url: '/api/v1' }],
  paths: {
    ...PATHS,
    '/sandbox/payments/{paymentId}': sandboxPage,
    '/sandbox/payments/{paymentId}/approve': sandboxDecision('Approve the sandbox payment (form post)'),
    '/sandbox/payments/{paymentId}/decline': sandboxDecision('Decline the sandbox payment (form post)'),
    '/openapi.json': { get: { summary: 'This document', tags: ['meta'], responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': {} } } } } },
  },
  components: {
    schemas: SCHEMAS,
    parameters: {
      XLanguage: { name: 'X-Language', in: 'header', required: false, schema: { type: 'string', enum: ['ru', 'en', 'uz'] } },
    },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Any of the three tokens; its kind claim says which.' },
      reservationToken: { type: 'apiKey', in: 'header', name: 'X-Reservation-Token', description: 'The reservation-token, when Bearer carries another one.' },
      authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token', description: 'The auth_token, when Bearer carries another one.' },
      accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token', description: "An order's access_token, when Bearer carries another one." },
    },
  },
} as const;
