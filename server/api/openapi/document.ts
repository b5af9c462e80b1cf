import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { LotBidEvent, LotEndEvent, LotExtendedEvent, NumberSnapshotEvent, NumberStatusEvent } from '../../../shared/contract';
import { CREDENTIAL_HEADERS } from '../../../shared/contract/credentials';
import { registerOperations } from './paths';

function generate() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Any of the three tokens; its kind claim says which.',
  });
  registry.registerComponent('securitySchemes', 'reservationToken', {
    type: 'apiKey',
    in: 'header',
    name: CREDENTIAL_HEADERS.reservation,
    description: 'The reservation-token, when Bearer carries another one.',
  });
  registry.registerComponent('securitySchemes', 'authToken', {
    type: 'apiKey',
    in: 'header',
    name: CREDENTIAL_HEADERS.auth,
    description: 'The auth_token, when Bearer carries another one.',
  });
  registry.registerComponent('securitySchemes', 'accessToken', {
    type: 'apiKey',
    in: 'header',
    name: CREDENTIAL_HEADERS.order,
    description: "An order's access_token, when Bearer carries another one.",
  });
  registerOperations(registry);
  // The data of the live streams' events: named in the stream descriptions, not a JSON response.
  // They carry their component name in zod's own `.meta({ id })`, so they go in as they are.
  const events = [LotBidEvent, LotExtendedEvent, LotEndEvent, NumberStatusEvent, NumberSnapshotEvent].map((schema) => ({
    type: 'schema' as const,
    schema,
  }));
  return new OpenApiGeneratorV31([...registry.definitions, ...events]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Oq reference operator API',
      version: '1.0.0',
      description:
        'JSON over HTTP. Errors are { error: { code, message, field? } } with the message in the language of a `lang` query parameter (the live streams take one, since EventSource sends no headers), else X-Language, else Accept-Language (ru default). Unknown body or query fields are a 400 naming the field. Tokens are HS256 JWTs with `kind` reservation | auth | order and `exp` in seconds; send one as Bearer and others in ' +
        `${Object.values(CREDENTIAL_HEADERS).join(', ')}.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Oq' },
    },
    servers: [{ url: '/api/v1' }],
    tags: [
      { name: 'news', description: 'News of the operator' },
      { name: 'tariffs', description: 'Ready tariffs, the tariff constructor and SIM types' },
      { name: 'numbers', description: 'Number search and categories' },
      { name: 'reservations', description: 'Booking a number for the purchase' },
      { name: 'auctions', description: 'Auctions of rare numbers, with live event streams' },
      { name: 'auth', description: 'SMS codes that confirm a phone' },
      { name: 'watches', description: 'Saved searches that send an SMS when a matching number comes free' },
      { name: 'identification', description: 'Remote identification or an appointment at a point of sale' },
      { name: 'orders', description: 'Orders, payments and the activation status' },
      { name: 'points of sale', description: 'Where to buy a SIM or be identified' },
      { name: 'sandbox', description: 'Stand-in pages of the payment providers' },
      { name: 'meta', description: 'This document' },
    ],
  });
}

/** The contract of the reference operator API, generated once from the zod schemas of shared/contract. */
export const openApiDocument = generate();
