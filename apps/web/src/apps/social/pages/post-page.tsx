import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Button, Card, CardContent, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { commentsCursor, useMoreComments, usePost } from '../api/get-post';
import { CommentForm } from '../components/comment-form';
import { CommentList } from '../components/comment-list';
import { PostCard } from '../components/post-card';

/** One post with its comments and the comment form. */
export default function PostPage() {
  const id = useParams().id ?? '';
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const post = usePost(id);
  const more = useMoreComments(id);

  if (post.isPending) return <PageLoader label="Loading the post" />;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) {
      return (
        <Container maxWidth="md">
          <EmptyState
            icon={<SearchOffIcon />}
            title="This post is not available"
            action={
              <Button variant="contained" component={RouterLink} to="/social/home">
                Back to the feed
              </Button>
            }
          >
            It was deleted, it is shared with friends only, or it never existed.
          </EmptyState>
        </Container>
      );
    }
    return (
      <Container maxWidth="md">
        <Alert severity="error">The post could not be loaded: {post.error.message}</Alert>
      </Container>
    );
  }

  const detail = post.data.post;
  const hidden = detail.comments_count - detail.comments.length;
  const cursor = commentsCursor(detail.comments);
  return (
    <Container maxWidth="md">
      <Stack spacing={2}>
        <Typography
          variant="h1"
          sx={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
        >
          Post by {detail.created_by.full_name}
        </Typography>
        <PostCard post={detail} onDeleted={() => navigate('/social/home')} priority />
        <Card component="section" aria-labelledby="comments-title">
          <CardContent>
            <Stack spacing={2}>
              <Typography id="comments-title" variant="h4" component="h2">
                Comments ({detail.comments_count})
              </Typography>
              <CommentList comments={detail.comments} />
              {hidden > 0 && cursor && (
                <Button
                  variant="text"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => more.mutate(cursor)}
                  disabled={more.isPending}
                  startIcon={more.isPending ? <CircularProgress size={18} aria-hidden /> : undefined}
                >
                  {more.isPending ? 'Loading comments…' : `Show more comments (${hidden})`}
                </Button>
              )}
              {more.isError && <Alert severity="error">More comments could not be loaded: {more.error.message}</Alert>}
              {loggedIn ? (
                <CommentForm postId={detail.id} />
              ) : (
                <Typography color="text.secondary">
                  <Link component={RouterLink} to="/social/login" underline="always">
                    Log in
                  </Link>{' '}
                  to comment.
                </Typography>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Container>
  );
}
