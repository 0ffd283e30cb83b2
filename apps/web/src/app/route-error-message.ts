import { isRouteErrorResponse } from 'react-router';

/** What a route error says to the person: the response's status, the error's message, or that it is unknown. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : 'Unknown error';
}
