import type { AiConfig } from '../../core/config.js';
import type { AiProvider } from './ai-provider.js';
import { createLocalProvider, type LocalProviderOptions } from './local/local-provider.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';

/** The AI lab's engines, chosen once from the settings: a provider when one is configured, local otherwise. */
export function createAiProvider(ai: AiConfig, localOptions: LocalProviderOptions = {}): AiProvider {
  const local = createLocalProvider(localOptions);
  const { provider } = ai;
  return provider ? createOpenAiCompatibleProvider({ ...ai, provider }, local) : local;
}
