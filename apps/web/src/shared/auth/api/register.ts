import type { RegisteredUser, RegisterRequest } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

export type RegisterSource = 'social_network' | 'taberna' | 'default';

const PATHS: Record<RegisterSource, string> = {
  social_network: '/api/social-profiles/register/',
  taberna: '/taberna-profiles/api/register/',
  default: '/api/v1/authusers/',
};

export type RegisterAnswer = RegisteredUser | { detail: 'social_profile_created' | 'taberna_profile_created' };

/** Spec §7 Auth: the registration source chooses the service. */
export function register(source: RegisterSource, values: RegisterRequest): Promise<RegisterAnswer> {
  return apiRequest<RegisterAnswer>(PATHS[source], { method: 'POST', json: { ...values, registration_source: source } });
}

/** Spec §8: what to tell the person after a successful sign-up. */
export function registrationMessage(answer: RegisterAnswer, email: string): string {
  if ('detail' in answer && answer.detail === 'social_profile_created') return 'Yor Social Profile created';
  return `Thank you for registering with us. We have sent you a verification email to your email address [${email}]`;
}
