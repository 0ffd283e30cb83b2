import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import GroupIcon from '@mui/icons-material/Group';
import { Alert, Button, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import type { FriendshipAnswer } from '@portal/contracts';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useAnswerFriendRequest } from '../api/answer-friend-request';
import { useFriends } from '../api/get-friends';
import { PersonCard } from '../components/person-card';
import { ProfileAvatar } from '../components/profile-avatar';

/** A person's friends; on your own page, the friend requests waiting for your answer. */
export default function FriendsPage() {
  const slug = useParams().slug ?? '';
  const friends = useFriends(slug);
  const answer = useAnswerFriendRequest();

  if (friends.isPending) return <PageLoader label="Loading friends" />;
  if (friends.isError) {
    return (
      <Container maxWidth="md">
        <Alert severity="error">
          {friends.error instanceof ApiError && friends.error.status === 404
            ? 'There is no profile at this address.'
            : friends.error.message}
        </Alert>
      </Container>
    );
  }
  const { user, requests } = friends.data;
  const reply = (requester: string, status: FriendshipAnswer) =>
    answer.mutate({ slug: requester, status }, { onError: (error) => showErrorAlert(error) });

  return (
    <Container maxWidth="lg">
      <Stack spacing={4}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ProfileAvatar src={user.avatar_url} name="" sx={{ width: 72, height: 72 }} />
          <div>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
              Friends of{' '}
              <Link component={RouterLink} to={`/social/profile/${user.slug}`} color="inherit" underline="always">
                {user.first_name} {user.last_name}
              </Link>
            </Typography>
            <Typography color="text.secondary">
              {user.friends_count} friends · {user.posts_count} posts
            </Typography>
          </div>
        </Stack>

        {requests.length > 0 && (
          <section aria-labelledby="requests-title" data-testid="friend-requests">
            <Typography id="requests-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
              Friend requests ({requests.length})
            </Typography>
            <Grid container spacing={2}>
              {requests.map((request) => {
                const name = `${request.created_by.first_name} ${request.created_by.last_name}`;
                return (
                  <Grid key={request.id} size={{ xs: 12, sm: 6, md: 4 }}>
                    <PersonCard
                      person={request.created_by}
                      actions={
                        <>
                          <Button
                            variant="contained"
                            startIcon={<CheckIcon />}
                            disabled={answer.isPending}
                            onClick={() => reply(request.created_by.slug, 'accepted')}
                            aria-label={`Accept ${name}`}
                            data-testid="accept-request"
                          >
                            Accept
                          </Button>
                          <Button
                            startIcon={<CloseIcon />}
                            disabled={answer.isPending}
                            onClick={() => reply(request.created_by.slug, 'rejected')}
                            aria-label={`Reject ${name}`}
                            data-testid="reject-request"
                          >
                            Reject
                          </Button>
                        </>
                      }
                    />
                  </Grid>
                );
              })}
            </Grid>
          </section>
        )}

        <section aria-labelledby="friends-title">
          <Typography id="friends-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
            Friends ({friends.data.friends.length})
          </Typography>
          {friends.data.friends.length === 0 ? (
            <EmptyState icon={<GroupIcon />} title="No friends yet" />
          ) : (
            <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="friends-grid">
              {friends.data.friends.map((friend) => (
                <Grid key={friend.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                  <PersonCard person={friend} />
                </Grid>
              ))}
            </Grid>
          )}
        </section>
      </Stack>
    </Container>
  );
}
