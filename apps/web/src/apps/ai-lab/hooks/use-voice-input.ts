import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../shared/ui/use-hydrated';
import { useAiStatus } from '../api/get-ai-status';
import { labErrorText } from '../api/lab-error';
import { transcribeRecording } from '../api/transcribe-recording';

/** The browser's speech recognition (Chrome and Safari name it with a prefix). */
interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function browserRecognition(): SpeechRecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

const canRecord = () => typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * How voice input works here: the server's speech-to-text (the provider's, the key staying on the
 * server) when it has one and the browser can record, else the browser's own speech recognition where
 * there is one; null when neither (the microphone button is then not shown).
 */
export function useVoiceInputMode(): 'server' | 'browser' | null {
  const hydrated = useHydrated();
  const status = useAiStatus();
  if (!hydrated) return null;
  if (status.data?.transcription.engine === 'provider' && canRecord()) return 'server';
  return browserRecognition() ? 'browser' : null;
}

export type VoiceState = 'idle' | 'listening' | 'transcribing';

/** Starts and stops listening; the words heard go to `onText`, a failure to `onError` (in the lab's words). */
export function useVoiceInput(onText: (text: string) => void, onError: (message: string) => void) {
  const mode = useVoiceInputMode();
  const [state, setState] = useState<VoiceState>('idle');
  const stopCurrent = useRef<(() => void) | null>(null);
  useEffect(() => () => stopCurrent.current?.(), []);

  async function recordOnServer() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      onError(labErrorText(new Error('The microphone is not available: allow it in the browser to speak your question.')));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      setState('transcribing');
      transcribeRecording(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }))
        .then((text) => text && onText(text))
        .catch((error: unknown) => onError(labErrorText(error)))
        .finally(() => setState('idle'));
    };
    stopCurrent.current = () => recorder.state !== 'inactive' && recorder.stop();
    recorder.start();
    setState('listening');
  }

  function listenInBrowser() {
    const Recognition = browserRecognition();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.lang = navigator.language || 'en-US';
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      const text = Array.from(event.results, (result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) onText(text);
    };
    recognition.onerror = (event) => {
      if (event.error !== 'no-speech' && event.error !== 'aborted')
        onError(labErrorText(new Error(`Voice input failed (${event.error}).`)));
    };
    recognition.onend = () => setState('idle');
    stopCurrent.current = () => recognition.stop();
    recognition.start();
    setState('listening');
  }

  return {
    mode,
    state,
    toggle() {
      if (state === 'listening') {
        stopCurrent.current?.();
        stopCurrent.current = null;
        return;
      }
      if (state !== 'idle') return;
      if (mode === 'server') void recordOnServer();
      else if (mode === 'browser') listenInBrowser();
    },
  };
}
