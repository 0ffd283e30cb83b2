import CollectionsIcon from '@mui/icons-material/Collections';
import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import type { AiGalleryItem } from '@portal/contracts';
import { Link as RouterLink } from 'react-router';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDownloadImage } from '../api/download-image';
import { useDownloadVoice } from '../api/download-voice';
import { useGallery } from '../api/get-gallery';
import { labErrorText } from '../api/lab-error';
import { DownloadButton } from '../components/download-button';
import { LabPage } from '../components/lab-page';
import { VoicePlayer } from '../components/voice-player';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' } as const;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function GalleryCard({
  item,
  index,
  onDownload,
  pending,
}: {
  item: AiGalleryItem;
  index: number;
  onDownload(): void;
  pending: boolean;
}) {
  const captionId = `gallery-caption-${index}`;
  return (
    <Card
      component="li"
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid="gallery-item"
      data-kind={item.kind}
    >
      {item.kind === 'image' && (
        <Box
          component="img"
          src={item.url}
          alt={`Generated picture: ${item.prompt}`}
          loading="lazy"
          sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {item.kind === 'image' ? 'Picture' : 'Voice'} · <time dateTime={item.created_at}>{when(item.created_at)}</time>
        </Typography>
        <Typography variant="body2" id={captionId} sx={{ mb: item.kind === 'voice' ? 1.5 : 0, overflowWrap: 'anywhere' }}>
          “{item.prompt}”
        </Typography>
        {item.kind === 'voice' && <VoicePlayer url={item.url} text={item.prompt} labelledBy={captionId} />}
      </CardContent>
      <CardActions>
        <DownloadButton
          variant="outlined"
          onClick={onDownload}
          pending={pending}
          label={item.kind === 'image' ? 'Download picture' : 'Download voice'}
          testId="gallery-download"
        />
      </CardActions>
    </Card>
  );
}

/** The pictures and voices the logged-in person generated, newest first, each with a download. */
export default function GalleryPage() {
  const loggedIn = useIsLoggedIn();
  const gallery = useGallery();
  const image = useDownloadImage();
  const voice = useDownloadVoice();
  const failure = gallery.error ?? image.error ?? voice.error;

  return (
    <LabPage
      title="Gallery"
      intro="Your generated pictures and voices, newest first. Download any of them."
      notice={null}
      errorMessage={failure ? labErrorText(failure) : null}
      onCloseError={() => {
        image.reset();
        voice.reset();
      }}
    >
      {!loggedIn ? (
        <EmptyState
          icon={<CollectionsIcon />}
          title="Log in to keep a gallery"
          action={
            <Button component={RouterLink} to="/social/login" variant="contained" startIcon={<LoginIcon />}>
              Log in
            </Button>
          }
        >
          Pictures and voices you make while logged in are kept here for you.
        </EmptyState>
      ) : gallery.isPending ? (
        <Box sx={GRID} role="status" aria-label="Loading the gallery">
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} variant="rounded" height={320} />
          ))}
        </Box>
      ) : !gallery.data?.length ? (
        <EmptyState
          icon={<CollectionsIcon />}
          title="Nothing here yet"
          action={
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
              <Button component={RouterLink} to="/ai-lab/image-generator" variant="outlined">
                Make a picture
              </Button>
              <Button component={RouterLink} to="/ai-lab/voice-generator" variant="outlined">
                Make a voice
              </Button>
            </Box>
          }
        >
          Pictures and voices you generate show up here.
        </EmptyState>
      ) : (
        <Box component="ul" sx={{ ...GRID, p: 0, m: 0 }} aria-label="Your pictures and voices" data-testid="gallery">
          {gallery.data.map((item, index) => {
            const download = item.kind === 'image' ? image : voice;
            return (
              <GalleryCard
                key={item.url}
                item={item}
                index={index}
                onDownload={() => download.mutate(item.url)}
                pending={download.isPending && download.variables === item.url}
              />
            );
          })}
        </Box>
      )}
    </LabPage>
  );
}
