import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOffAltIcon from '@mui/icons-material/ThumbUpOffAlt';
import { Box, Button, Card, CardActions, CardContent, CardHeader, Chip, IconButton, Link, Stack, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Post, PostDetail } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useToggleBookmark } from '../api/bookmark-post';
import { useToggleLike } from '../api/like-post';
import { ContentWarningFold } from './content-warning';
import { PostHistoryDialog } from './post-history-dialog';
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
  const bookmark = useToggleBookmark();
  const [history, setHistory] = useState(false);
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

  const onBookmark = () =>
    bookmark.mutate({ id: post.id, bookmarked: !post.bookmarked }, { onError: (error) => showErrorAlert(error) });

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
            {post.edited_at && (
              <Link
                component="button"
                type="button"
                variant="body2"
                color="text.secondary"
                onClick={() => setHistory(true)}
                aria-label="Edited: show the edit history"
                data-testid="post-edited"
              >
                edited
              </Link>
            )}
            {isPrivate && <Chip icon={<LockIcon />} label="Private" size="small" variant="outlined" />}
          </Stack>
        }
        action={<PostMenu post={post} onDeleted={onDeleted} />}
        sx={{ pb: 1 }}
      />
      <ContentWarningFold warning={post.content_warning}>
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
      </ContentWarningFold>
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
        <Box sx={{ flexGrow: 1 }} />
        {loggedIn && (
          <Tooltip title={post.bookmarked ? 'Remove bookmark' : 'Bookmark'}>
            <IconButton
              onClick={onBookmark}
              disabled={bookmark.isPending}
              aria-pressed={post.bookmarked}
              aria-label="Bookmark"
              data-testid="post-bookmark"
            >
              {post.bookmarked ? <BookmarkIcon color="primary" /> : <BookmarkBorderIcon />}
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
      {post.edited_at && history && <PostHistoryDialog postId={post.id} open onClose={() => setHistory(false)} />}
    </Card>
  );
}
