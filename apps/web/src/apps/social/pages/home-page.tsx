import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import PublicIcon from '@mui/icons-material/Public';
import { Button, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { meKey } from '../../../shared/api/query-keys';
import { getMe } from '../../../shared/auth/api/get-me';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useFeed } from '../api/get-feed';
import { CreatePostCard } from '../components/create-post-card';
import { JoinCard } from '../components/join-card';
import { PostList } from '../components/post-list';
import { FeedColumns } from '../components/side-column';

type FeedTab = 'following' | 'everyone';

/**
 * The social home: write a post, read your feed (visitors: every public post), people and trends.
 * Issue 27: members choose "Following" (their posts and their friends') or "Everyone" (every public
 * post); someone without friends yet starts on "Everyone".
 */
export default function HomePage() {
  const loggedIn = useIsLoggedIn();
  const me = useQuery({ queryKey: meKey, queryFn: getMe, enabled: loggedIn, staleTime: 60_000 });
  const [params, setParams] = useSearchParams();
  const asked = params.get('feed');
  const tab: FeedTab =
    asked === 'everyone' || asked === 'following' ? asked : me.data?.friends_count === 0 ? 'everyone' : 'following';
  const everyone = loggedIn && tab === 'everyone';
  const following = useFeed(null, !everyone);
  const publicFeed = useFeed(null, everyone, 'public');
  const feed = everyone ? publicFeed : following;
  return (
    <Container maxWidth="lg">
      <FeedColumns>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
          {loggedIn ? 'Your feed' : 'Latest posts'}
        </Typography>
        {loggedIn ? (
          <CreatePostCard
            // A friends-only post is not among everyone's posts: its author is shown it in "Following".
            onPublished={(post) => everyone && post.is_private && setParams({ feed: 'following' })}
          />
        ) : (
          <JoinCard />
        )}
        {loggedIn && (
          <Tabs
            value={tab}
            onChange={(_event, value: FeedTab) => setParams(value === 'following' ? { feed: 'following' } : { feed: 'everyone' })}
            aria-label="Which posts"
            variant="fullWidth"
          >
            <Tab
              value="following"
              label="Following"
              icon={<DynamicFeedIcon />}
              iconPosition="start"
              data-testid="feed-following"
            />
            <Tab value="everyone" label="Everyone" icon={<PublicIcon />} iconPosition="start" data-testid="feed-everyone" />
          </Tabs>
        )}
        <PostList
          query={feed}
          label={everyone ? 'Everyone' : 'Feed'}
          empty={
            <EmptyState
              icon={<DynamicFeedIcon />}
              title={everyone ? 'Nothing public yet' : 'Your feed is empty'}
              action={
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                  {!everyone && loggedIn && (
                    <Button variant="outlined" component={RouterLink} to="/social/home?feed=everyone">
                      See everyone&apos;s posts
                    </Button>
                  )}
                  <Button variant="contained" component={RouterLink} to="/social/search">
                    Find people
                  </Button>
                </Stack>
              }
            >
              {everyone
                ? 'Public posts from everyone show here.'
                : "Your posts and your friends' posts show here. Write something, or find people to befriend."}
            </EmptyState>
          }
        />
      </FeedColumns>
    </Container>
  );
}
