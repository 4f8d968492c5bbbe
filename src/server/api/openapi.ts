import { apiErrorSchema } from '../../shared/errors';

const descriptions = {
  400: 'Malformed request',
  401: 'Login required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Over for good (e.g. a vote whose window has closed)',
  413: 'The body is larger than the route accepts',
  422: 'Validation failed: `errors` lists every message of every field, in the request language',
  429: 'Rate limited: retry after the `Retry-After` header (seconds)',
  503: 'A service it depends on (the database, SMS, e-mail) did not answer, or the server is not ready: retry after `Retry-After`; `reason` says why',
} as const;

type ErrorStatus = keyof typeof descriptions;
interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: typeof apiErrorSchema } };
}

/** OpenAPI entries for the error statuses a route can answer with; all share the one error body. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ErrorResponse> {
  const responses = {} as Record<S, ErrorResponse>;
  for (const status of statuses) {
    responses[status] = {
      description: descriptions[status],
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return responses;
}

export function jsonContent<T>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } };
}
