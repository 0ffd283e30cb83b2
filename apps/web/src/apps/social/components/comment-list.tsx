import { Link, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Comment } from '@portal/contracts';
import { PostText } from './post-text';
import { ProfileAvatar } from './profile-avatar';
import { timeAgo } from './time-ago';

/** A post's comments, oldest first. */
export function CommentList({ comments }: { comments: Comment[] }) {
  if (comments.length === 0) return <Typography color="text.secondary">No comments yet. Be the first!</Typography>;
  return (
    <List disablePadding data-testid="comments">
      {comments.map((comment) => {
        const author = comment.created_by;
        return (
          <ListItem key={comment.id} alignItems="flex-start" disableGutters data-testid="comment">
            <ListItemAvatar>
              <ProfileAvatar src={author.avatar_url} name="" />
            </ListItemAvatar>
            <ListItemText
              disableTypography
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                  <Link
                    component={RouterLink}
                    to={`/social/profile/${author.slug}`}
                    color="text.primary"
                    variant="body2"
                    sx={{ fontWeight: 500 }}
                  >
                    {author.first_name} {author.last_name}
                  </Link>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {timeAgo(comment.created_at_formatted)}
                  </Typography>
                </Stack>
              }
              secondary={comment.body ? <PostText text={comment.body} variant="body2" /> : null}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
