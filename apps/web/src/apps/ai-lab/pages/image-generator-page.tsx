import ImageIcon from '@mui/icons-material/Image';
import { Box, Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDownloadImage } from '../api/download-image';
import { useGenerateImage } from '../api/generate-image';
import { labErrorText } from '../api/lab-error';
import { DownloadButton } from '../components/download-button';
import { EngineNotice } from '../components/engine-notice';
import { LabPage } from '../components/lab-page';
import { PromptForm } from '../components/prompt-form';
import { useGeneratedMediaStore } from '../store/generated-media-store';

export default function ImageGeneratorPage() {
  const generate = useGenerateImage();
  const download = useDownloadImage();
  const { image, setImage } = useGeneratedMediaStore();
  const failure = generate.error ?? download.error;

  return (
    <LabPage
      title="Image Generator"
      intro="Describe a picture: colours, shapes, a scene. The generator draws it, and you can download it."
      notice={<EngineNotice feature="image" />}
      errorMessage={failure ? labErrorText(failure) : null}
      onCloseError={() => {
        generate.reset();
        download.reset();
      }}
    >
      <PromptForm
        label="Describe the picture"
        placeholder="A red house with two trees under a blue sky at sunset"
        submitLabel="Generate"
        busyLabel="Drawing…"
        busy={generate.isPending}
        onSubmit={(prompt) => generate.mutate(prompt, { onSuccess: (url) => setImage({ url, prompt }) })}
        testId="image-form"
      />
      {generate.isPending && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" data-testid="image-pending">
          <CircularProgress size={28} aria-hidden />
          <Typography>Drawing your picture…</Typography>
        </Stack>
      )}
      {image ? (
        <Card data-testid="generated-image">
          <Box
            component="img"
            src={image.url}
            alt={`Generated picture: ${image.prompt}`}
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: 640,
              aspectRatio: '1',
              objectFit: 'contain',
              mx: 'auto',
              bgcolor: 'action.hover',
            }}
          />
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              “{image.prompt}”
            </Typography>
          </CardContent>
          <CardActions>
            <DownloadButton onClick={() => download.mutate(image.url)} pending={download.isPending} testId="download-image" />
          </CardActions>
        </Card>
      ) : (
        !generate.isPending && (
          <EmptyState icon={<ImageIcon />} title="No picture yet">
            Describe something above and press Enter.
          </EmptyState>
        )
      )}
    </LabPage>
  );
}
