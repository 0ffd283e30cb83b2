import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import { Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useFeed } from '../api/get-feed';
import { CreatePostCard } from '../components/create-post-card';
import { JoinCard } from '../components/join-card';
import { PostList } from '../components/post-list';
import { FeedColumns } from '../components/side-column';

/** The social home: write a post, read your feed (visitors: every public post), people and trends. */
export default function HomePage() {
  const loggedIn = useIsLoggedIn();
  const feed = useFeed(null);
  return (
    <Container maxWidth="lg">
      <FeedColumns>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
          {loggedIn ? 'Your feed' : 'Latest posts'}
        </Typography>
        {loggedIn ? <CreatePostCard /> : <JoinCard />}
        <PostList
          query={feed}
          label="Feed"
          empty={
            <EmptyState
              icon={<DynamicFeedIcon />}
              title="Your feed is empty"
              action={
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                  <Button variant="contained" component={RouterLink} to="/social/search">
                    Find people
                  </Button>
                </Stack>
              }
            >
              Your posts and your friends' posts show here. Write something, or find people to befriend.
            </EmptyState>
          }
        />
      </FeedColumns>
    </Container>
  );
}
