import { Alert, Avatar, Box, Card, CardActionArea, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSearchSocial } from '../api/search-social';

const SHOWN = 6;

const excerpt = (text: string | null) => {
  if (!text) return 'A post with pictures';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** The search page's social part: people by name and public posts by their words, each linking into the network. */
export function SocialResults({ query }: { query: string }) {
  const results = useSearchSocial(query);
  if (!query) return null;
  const people = results.data?.results.profiles.slice(0, SHOWN) ?? [];
  const posts = results.data?.results.posts.filter((post) => !post.is_private).slice(0, SHOWN) ?? [];

  return (
    <Box component="section" aria-labelledby="social-results" sx={{ mt: 5 }} data-testid="social-results">
      <Typography id="social-results" variant="h2" sx={{ mb: 2 }}>
        Social Network
      </Typography>
      {results.isPending && <Skeleton variant="rounded" height={120} aria-label="Searching the social network" />}
      {results.isError && <Alert severity="error">The social search failed: {results.error.message}</Alert>}
      {results.data && people.length === 0 && posts.length === 0 && (
        <Typography color="text.secondary">No people or public posts match “{query}”.</Typography>
      )}
      {people.length > 0 && (
        <Grid container spacing={2} component="ul" aria-label="People" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
          {people.map((person) => (
            <Grid key={person.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <Card>
                <CardActionArea component={RouterLink} to={`/social/profile/${person.slug}`}>
                  <CardContent>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar src={person.avatar_url ?? undefined} alt="">
                        {person.first_name.charAt(0)}
                      </Avatar>
                      <div>
                        <Typography sx={{ fontWeight: 500 }}>{person.full_name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          @{person.username}
                        </Typography>
                      </div>
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {posts.length > 0 && (
        <Grid container spacing={2} component="ul" aria-label="Posts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {posts.map((post) => (
            <Grid key={post.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/social/${post.id}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      {post.created_by.full_name} · {post.created_at_formatted} ago
                    </Typography>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{excerpt(post.body)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
