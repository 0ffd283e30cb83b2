import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './model-capabilities.js';

describe("a provider model's capabilities, from its name", () => {
  it.each([
    ['gpt-4o-mini', ['chat', 'vision']],
    ['gpt-4.1-nano', ['chat', 'vision']],
    ['o3-mini', ['chat', 'vision']],
    ['llava:13b', ['chat', 'vision']],
    ['qwen2.5vl:7b', ['chat', 'vision']],
    ['llama3.1:8b', ['chat']],
    ['mistral', ['chat']],
    ['dall-e-3', ['image']],
    ['gpt-image-1', ['image']],
    ['black-forest-labs/flux-schnell', ['image']],
    ['whisper-1', ['voice']],
    ['gpt-4o-mini-transcribe', ['voice']],
    ['gpt-4o-realtime-preview-2024-12-17', ['voice']],
    ['tts-1-hd', ['voice']],
    ['text-embedding-3-small', []],
    ['nomic-embed-text', []],
    ['omni-moderation-latest', []],
    ['davinci-002', []],
    ['gpt-4o-search-preview', []],
  ])('%s', (id, capabilities) => {
    expect(capabilitiesOf(id)).toEqual(capabilities);
  });
});
