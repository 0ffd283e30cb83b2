import TagIcon from '@mui/icons-material/Tag';
import { Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { normalizeHashtag } from '@portal/contracts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useFeed } from '../api/get-feed';
import { PostList } from '../components/post-list';
import { FeedColumns } from '../components/side-column';

/** A hashtag's public posts, newest first. */
export default function TrendPage() {
  const tag = normalizeHashtag(useParams().id ?? '');
  const feed = useFeed(tag, tag !== '');
  return (
    <Container maxWidth="lg">
      <FeedColumns suggestions={false}>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' }, overflowWrap: 'anywhere' }}
          data-testid="trend-title"
        >
          #{tag}
        </Typography>
        <PostList
          query={feed}
          label={`Posts with #${tag}`}
          empty={
            <EmptyState icon={<TagIcon />} title="No posts with this hashtag yet">
              Write one with #{tag} in it and it shows here.
            </EmptyState>
          }
        />
      </FeedColumns>
    </Container>
  );
}
