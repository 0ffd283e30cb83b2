import BlockIcon from '@mui/icons-material/Block';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import {
  Alert,
  Button,
  Card,
  Container,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useRelations, useSetRelation, type RelationKind } from '../api/relations';
import { ProfileAvatar } from '../components/profile-avatar';

const WORDS = {
  block: { title: 'Blocked', undo: 'Unblock', done: 'is unblocked', empty: 'You have blocked nobody.', icon: <BlockIcon /> },
  mute: { title: 'Muted', undo: 'Unmute', done: 'is no longer muted', empty: 'You have muted nobody.', icon: <VolumeOffIcon /> },
} as const;

function RelationList({ kind }: { kind: RelationKind }) {
  const list = useRelations(kind);
  const relation = useSetRelation();
  const words = WORDS[kind];
  const people = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${kind}-title`}>
      <Typography variant="h4" component="h2" id={`${kind}-title`}>
        {words.title}
      </Typography>
      {list.isPending && <Skeleton variant="rounded" height={72} aria-label={`Loading the ${kind}ed people`} />}
      {list.isError && <Alert severity="error">The list could not be loaded: {list.error.message}</Alert>}
      {list.isSuccess && people.length === 0 && (
        <EmptyState icon={words.icon} title={words.empty}>
          {kind === 'block'
            ? 'Block someone from the menu of their profile.'
            : 'Mute someone from the menu of their profile: their posts and notifications no longer reach you.'}
        </EmptyState>
      )}
      {people.length > 0 && (
        <Card>
          <List disablePadding data-testid={`${kind}-list`}>
            {people.map((person) => (
              <ListItem
                key={person.id}
                divider
                secondaryAction={
                  <Button
                    onClick={() =>
                      relation.mutate(
                        { kind, slug: person.slug, on: false },
                        {
                          onSuccess: () => showAlert(`${person.full_name} ${words.done}`, 'success'),
                          onError: (error) => showErrorAlert(error),
                        },
                      )
                    }
                    disabled={relation.isPending}
                    aria-label={`${words.undo} ${person.full_name}`}
                  >
                    {words.undo}
                  </Button>
                }
              >
                <ListItemAvatar>
                  <ProfileAvatar src={person.avatar_url} name="" />
                </ListItemAvatar>
                <ListItemText primary={person.full_name} secondary={`@${person.username}`} />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Stack>
  );
}

/** Issue 27: the people you blocked or muted, each to be let back in. */
export default function BlockedPage() {
  return (
    <Container maxWidth="md">
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' }, mb: 3 }}>
        Blocked and muted people
      </Typography>
      <Stack spacing={4}>
        <RelationList kind="block" />
        <RelationList kind="mute" />
      </Stack>
    </Container>
  );
}
