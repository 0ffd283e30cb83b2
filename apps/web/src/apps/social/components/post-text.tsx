import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { tokenizePostText } from '@portal/contracts';

export const trendPath = (tag: string) => `/social/trends/${encodeURIComponent(tag)}`;

/**
 * A post or comment body (or a bio) as React text (never as HTML): hashtags link to their trend
 * pages, @mentions to the profiles they name, web addresses to their sites, line breaks stay.
 */
export function PostText({ text, variant = 'body1' }: { text: string; variant?: 'body1' | 'body2' }) {
  return (
    <Typography variant={variant} component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {tokenizePostText(text).map((token, index) => {
        if (token.kind === 'tag') {
          return (
            <Link key={index} component={RouterLink} to={trendPath(token.tag)} underline="always">
              {token.text}
            </Link>
          );
        }
        if (token.kind === 'mention') {
          return (
            <Link key={index} component={RouterLink} to={`/social/profile/${encodeURIComponent(token.slug)}`} underline="always">
              {token.text}
            </Link>
          );
        }
        if (token.kind === 'link') {
          return (
            <Link key={index} href={token.href} target="_blank" rel="noopener noreferrer nofollow ugc" underline="always">
              {token.text}
            </Link>
          );
        }
        return <span key={index}>{token.text}</span>;
      })}
    </Typography>
  );
}
