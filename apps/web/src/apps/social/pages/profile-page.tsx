import ArticleIcon from '@mui/icons-material/Article';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { usePageTitle } from '../../../shared/ui/use-document-title';
import { useProfilePosts } from '../api/get-profile-posts';
import { CreatePostCard } from '../components/create-post-card';
import { PostList } from '../components/post-list';
import { ProfileHeader } from '../components/profile-header';

/** A person's page: who they are, what you can do (befriend, edit), and their posts. */
export default function ProfilePage() {
  const slug = useParams().slug ?? '';
  const user = useAuthStore((state) => state.user);
  const posts = useProfilePosts(slug);
  usePageTitle(posts.data?.pages[0]?.results.profile.full_name);

  if (posts.isPending) return <PageLoader label="Loading the profile" />;
  if (posts.isError) {
    return (
      <Container maxWidth="md">
        {posts.error instanceof ApiError && posts.error.status === 404 ? (
          <EmptyState
            icon={<PersonOffIcon />}
            title="Nobody here"
            action={
              <Button variant="contained" component={RouterLink} to="/social/search">
                Search people
              </Button>
            }
          >
            There is no profile at this address. The person may have changed their name.
          </EmptyState>
        ) : (
          <Alert severity="error">The profile could not be loaded: {posts.error.message}</Alert>
        )}
      </Container>
    );
  }
  const { profile, can_send_friendship_request } = posts.data.pages[0]!.results;
  const own = user?.id === profile.id;

  return (
    <Container maxWidth="md">
      <Stack spacing={2}>
        <ProfileHeader profile={profile} canSend={can_send_friendship_request} />
        {own && <CreatePostCard />}
        <Typography variant="h4" component="h2">
          Posts
        </Typography>
        <PostList
          query={posts}
          label={`Posts by ${profile.full_name}`}
          empty={
            <EmptyState icon={<ArticleIcon />} title="No posts yet">
              {own ? 'Your posts will show here.' : `${profile.first_name} has not shared anything you can see yet.`}
            </EmptyState>
          }
        />
      </Stack>
    </Container>
  );
}
