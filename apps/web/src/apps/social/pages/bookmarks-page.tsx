import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { Container, Typography } from '@mui/material';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useBookmarks } from '../api/get-bookmarks';
import { PostList } from '../components/post-list';
import { FeedColumns } from '../components/side-column';

/** Issue 27: the posts you kept for later, the latest bookmark first. */
export default function BookmarksPage() {
  const bookmarks = useBookmarks();
  return (
    <Container maxWidth="lg">
      <FeedColumns suggestions={false}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
          Bookmarks
        </Typography>
        <PostList
          query={bookmarks}
          label="Bookmarked posts"
          empty={
            <EmptyState icon={<BookmarkBorderIcon />} title="No bookmarks yet">
              Press the bookmark button of a post to keep it here.
            </EmptyState>
          }
        />
      </FeedColumns>
    </Container>
  );
}
