import type { AiModelCapability } from '@portal/contracts';

/** Models for APIs the lab never calls (embeddings, moderation, legacy completions, search, code). */
const UNUSED = /embed|moderation|similarity|search|davinci|babbage|curie|(^|[-/])ada\b|computer-use|rerank|codex|guard/i;
const IMAGE = /dall-e|gpt-image|flux|stable-diffusion|sdxl|\bsd[-_]?\d|imagen|playground-v|kandinsky/i;
const VOICE = /tts|whisper|transcribe|speech|realtime|audio|voxtral|parakeet/i;
/** Chat models that read pictures, by the names their makers give them. */
const VISION =
  /gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-5|(^|[-/])o[134]\b|(^|[-/])o[134]-|vision|llava|bakllava|moondream|minicpm-v|gemma-?3|qwen[\d.]*-?vl|pixtral|llama-?4|mistral-small-3|claude|gemini|granite3\.2-vision|internvl/i;

/**
 * What a provider's model can do, guessed from its name (the `/models` list says nothing more):
 * drawing, speaking or listening, or chatting (with pictures when the family reads them). A model
 * for an API the lab does not use can do nothing here.
 */
export function capabilitiesOf(id: string): AiModelCapability[] {
  if (UNUSED.test(id)) return [];
  if (IMAGE.test(id)) return ['image'];
  if (VOICE.test(id)) return ['voice'];
  return VISION.test(id) ? ['chat', 'vision'] : ['chat'];
}
