import { useEffect, useState } from 'react';

/** WebVTT captions holding the spoken text: the transcript of a generated voice is its prompt. */
function captionsFor(text: string): string {
  const cue = text.replace(/-->/g, '→').replace(/\n{2,}/g, '\n');
  return `WEBVTT\n\n00:00:00.000 --> 99:59:59.000\n${cue}\n`;
}

/** An audio player for a generated voice, captioned with the words it speaks. */
export function VoicePlayer({ url, text, labelledBy }: { url: string; text: string; labelledBy: string }) {
  const [captions, setCaptions] = useState<string>();
  useEffect(() => {
    const blobUrl = URL.createObjectURL(new Blob([captionsFor(text)], { type: 'text/vtt' }));
    setCaptions(blobUrl);
    return () => URL.revokeObjectURL(blobUrl);
  }, [text]);
  return (
    <audio
      key={url}
      src={url}
      controls
      preload="metadata"
      aria-labelledby={labelledBy}
      data-testid="voice-player"
      style={{ width: '100%' }}
    >
      <track kind="captions" src={captions} srcLang="en" label="Transcript" default />
    </audio>
  );
}
