import type { AiConfig } from '../../core/config.js';
import type { AiProvider } from './ai-provider.js';
import { createLocalProvider, type LocalProviderOptions } from './local/local-provider.js';

/**
 * The AI lab's engines, chosen once from the settings: a provider when one is configured, local
 * otherwise. The SDK is loaded only when a provider is, so the embedded setup starts faster.
 */
export async function createAiProvider(ai: AiConfig, localOptions: LocalProviderOptions = {}): Promise<AiProvider> {
  const local = createLocalProvider(localOptions);
  const { provider } = ai;
  if (!provider) return local;
  const { createOpenAiCompatibleProvider } = await import('./openai-compatible.js');
  return createOpenAiCompatibleProvider({ ...ai, provider }, local);
}
