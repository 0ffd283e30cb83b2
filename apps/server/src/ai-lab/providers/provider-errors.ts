import OpenAI from 'openai';
import { ProviderError } from './ai-provider.js';

/** True when the request was stopped by the caller (stop button, closed page), not by a failure. */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || error instanceof OpenAI.APIUserAbortError || (error as Error)?.name === 'AbortError';
}

/**
 * The provider's failure in words safe for the browser. The provider's own message is logged but
 * never passed on: some quote part of the key ("Incorrect API key provided: sk-…").
 */
export function toProviderError(error: unknown, what: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new ProviderError(`The AI provider took too long to ${what}.`, 'timeout');
  if (error instanceof OpenAI.APIConnectionError)
    return new ProviderError('The AI provider could not be reached.', 'unavailable');
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) return new ProviderError('The AI provider refused the server’s credentials.');
    if (status === 404) return new ProviderError(`The AI provider does not know the model configured to ${what}.`);
    if (status === 429) return new ProviderError('The AI provider is busy or out of quota. Try again later.', 'unavailable');
    if (status === 400) return new ProviderError(`The AI provider refused to ${what} for this prompt.`);
    return new ProviderError(`The AI provider failed to ${what} (${status || 'no status'}).`);
  }
  return new ProviderError(`The AI provider failed to ${what}.`);
}
