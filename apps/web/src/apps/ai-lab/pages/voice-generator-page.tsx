import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDownloadVoice } from '../api/download-voice';
import { useGenerateVoice } from '../api/generate-voice';
import { labErrorText } from '../api/lab-error';
import { DownloadButton } from '../components/download-button';
import { EngineNotice } from '../components/engine-notice';
import { LabPage } from '../components/lab-page';
import { PromptForm } from '../components/prompt-form';
import { VoicePlayer } from '../components/voice-player';
import { useGeneratedMediaStore } from '../store/generated-media-store';

export default function VoiceGeneratorPage() {
  const generate = useGenerateVoice();
  const download = useDownloadVoice();
  const { voice, setVoice } = useGeneratedMediaStore();
  const failure = generate.error ?? download.error;

  return (
    <LabPage
      title="Voice Generator"
      intro="Type what should be said, and listen to it spoken."
      notice={<EngineNotice feature="voice" />}
      errorMessage={failure ? labErrorText(failure) : null}
      onCloseError={() => {
        generate.reset();
        download.reset();
      }}
    >
      <PromptForm
        label="Text to speak"
        placeholder="Good morning! Today's forecast: a hundred percent chance of jokes."
        submitLabel="Speak"
        busyLabel="Speaking…"
        busy={generate.isPending}
        onSubmit={(prompt) => generate.mutate(prompt, { onSuccess: (url) => setVoice({ url, prompt }) })}
        testId="voice-form"
      />
      {generate.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" data-testid="voice-pending">
          <CircularProgress size={28} aria-hidden />
          <Typography>Recording the voice…</Typography>
        </Stack>
      )}
      {voice ? (
        <Card data-testid="generated-voice">
          <CardContent>
            <Typography variant="body2" color="text.secondary" gutterBottom id="voice-caption">
              “{voice.prompt}”
            </Typography>
            <VoicePlayer url={voice.url} text={voice.prompt} labelledBy="voice-caption" />
          </CardContent>
          <CardActions>
            <DownloadButton onClick={() => download.mutate(voice.url)} pending={download.isPending} testId="download-voice" />
          </CardActions>
        </Card>
      ) : (
        !generate.isPending && (
          <EmptyState icon={<RecordVoiceOverIcon />} title="Nothing said yet">
            Type some words above and press Enter to hear them.
          </EmptyState>
        )
      )}
    </LabPage>
  );
}
