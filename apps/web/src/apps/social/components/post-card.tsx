import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOffAltIcon from '@mui/icons-material/ThumbUpOffAlt';
import { Button, Card, CardActions, CardContent, CardHeader, Chip, Link, Stack } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Post, PostDetail } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useToggleLike } from '../api/like-post';
import { PostImages } from './post-images';
import { PostMenu } from './post-menu';
import { PostText } from './post-text';
import { ProfileAvatar } from './profile-avatar';
import { timeAgo } from './time-ago';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** One post: who wrote it and when, its text and pictures, likes and comments, and its menu. */
export function PostCard({
  post,
  onDeleted,
  priority = false,
}: {
  post: Post | PostDetail;
  onDeleted?: () => void;
  /** At the top of the page: its pictures load at once. */
  priority?: boolean;
}) {
  const loggedIn = useIsLoggedIn();
  const like = useToggleLike();
  const titleId = useId();
  const author = post.created_by;
  const name = `${author.first_name} ${author.last_name}`.trim();
  const profilePath = `/social/profile/${author.slug}`;
  const isPrivate = 'is_private' in post && post.is_private;

  const onLike = () => {
    if (!loggedIn) return showAlert('You must be logged in!', 'error');
    // A refused like says why (e.g. the write limit's 429); a lost session keeps the spec's words.
    like.mutate(
      { id: post.id, liked: post.liked },
      {
        onError: (error) =>
          showAlert(error instanceof ApiError && error.status !== 401 ? error.messages : 'You must be logged in!', 'error'),
      },
    );
  };

  return (
    <Card component="article" aria-labelledby={titleId} data-testid="post-card" data-post-id={post.id}>
      <CardHeader
        avatar={
          <RouterLink to={profilePath} tabIndex={-1} aria-hidden>
            <ProfileAvatar src={author.avatar_url} name="" />
          </RouterLink>
        }
        title={
          <Link id={titleId} component={RouterLink} to={profilePath} color="text.primary" sx={{ fontWeight: 500 }}>
            {name}
          </Link>
        }
        subheader={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={`/social/${post.id}`} color="text.secondary" variant="body2">
              {timeAgo(post.created_at_formatted)}
            </Link>
            {isPrivate && <Chip icon={<LockIcon />} label="Private" size="small" variant="outlined" />}
          </Stack>
        }
        action={<PostMenu post={post} onDeleted={onDeleted} />}
        sx={{ pb: 1 }}
      />
      {post.body && (
        <CardContent sx={{ pt: 0, pb: post.attachments.length ? 1.5 : 1 }} data-testid="post-body">
          <PostText text={post.body} />
        </CardContent>
      )}
      {post.attachments.length > 0 && (
        <CardContent sx={{ py: 0 }}>
          <PostImages images={post.attachments} author={name} priority={priority} />
        </CardContent>
      )}
      <CardActions sx={{ px: 1.5 }}>
        <Button
          startIcon={post.liked ? <ThumbUpIcon /> : <ThumbUpOffAltIcon />}
          onClick={onLike}
          disabled={like.isPending}
          aria-pressed={post.liked}
          aria-label={`Like, ${plural(post.likes_count, 'like')}`}
          title={post.liked ? 'You like this; press again to take your like back' : 'Like'}
          data-testid="post-like"
        >
          {post.likes_count}
        </Button>
        <Button
          component={RouterLink}
          to={`/social/${post.id}`}
          startIcon={<ChatBubbleOutlineIcon />}
          aria-label={`Comments, ${plural(post.comments_count, 'comment')}`}
          data-testid="post-comments"
        >
          {post.comments_count}
        </Button>
      </CardActions>
    </Card>
  );
}
