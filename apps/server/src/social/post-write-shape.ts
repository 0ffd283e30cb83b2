import { SOCIAL_MESSAGES } from '@portal/contracts';
import { Unauthenticated } from '../core/domain-errors.js';
import { errorShape, failure, socialShape, type ErrorShape } from '../core/error-shapes.js';

/**
 * Writing a post, commenting and liking (contract §5.2, §5.5, §5.6) are hand-written views: an
 * anonymous caller hears `{"error": "Authentication required"}` (no challenge) and refused input
 * `{"error": "..."}`; lookups answer as the rest of the social network.
 */
export const postWriteShape: ErrorShape = (error) => {
  if (error instanceof Unauthenticated && error.credentials === 'missing') {
    return failure(error, { error: SOCIAL_MESSAGES.authenticationRequired });
  }
  if (error.kind === 'invalid' || error.kind === 'too-large') return errorShape(error);
  return socialShape(error);
};
