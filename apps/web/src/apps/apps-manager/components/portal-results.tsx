import OpenInNew from '@mui/icons-material/ArrowForward';
import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  CardMedia,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PortalSearchResults } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';

function Group({
  id,
  title,
  label,
  children,
  testId,
}: {
  id: string;
  title: string;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }} data-testid={testId}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2} component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Grid>
    </Box>
  );
}

/** The portal search's answer, grouped: apps, products, people and posts, each linking into its app. */
export function PortalResults({ results }: { results: PortalSearchResults }) {
  const money = useFormatMoney();
  const { apps, products, people, posts } = results;
  return (
    <>
      {apps.length > 0 && (
        <Group id="apps-results" title="Apps" label="Apps" testId="app-results">
          {apps.map((app) => (
            <Grid key={app.id} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
              <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="project-card">
                {app.photo && (
                  <CardMedia component="img" image={app.photo} alt="" sx={{ aspectRatio: '8 / 5', objectFit: 'cover' }} />
                )}
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h3" gutterBottom>
                    {app.title}
                  </Typography>
                  <Typography color="text.secondary">{app.description}</Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button
                    component={RouterLink}
                    to={app.url}
                    variant="contained"
                    endIcon={<OpenInNew />}
                    aria-label={`Open ${app.title}`}
                  >
                    Open
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Group>
      )}
      {products.length > 0 && (
        <Group id="product-results" title="Products in Taberna" label="Products" testId="product-results">
          {products.map((product) => (
            <Grid key={product.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }} component="li">
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={product.url} sx={{ height: '100%' }}>
                  {product.image && <CardMedia component="img" image={product.image} alt="" sx={{ aspectRatio: '1 / 1' }} />}
                  <CardContent sx={{ py: 1.5 }}>
                    <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
                      {product.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {product.category} · {money(product.price)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Group>
      )}
      {(people.length > 0 || posts.length > 0) && (
        <Box data-testid="social-results">
          {people.length > 0 && (
            <Group id="people-results" title="People" label="People" testId="people-results">
              {people.map((person) => (
                <Grid key={person.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                  <Card>
                    <CardActionArea component={RouterLink} to={person.url}>
                      <CardContent>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Avatar src={person.avatar_url ?? undefined} alt="">
                            {person.full_name.charAt(0)}
                          </Avatar>
                          <div>
                            <Typography component="h3" sx={{ fontWeight: 500 }}>
                              {person.full_name}
                            </Typography>
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
            </Group>
          )}
          {posts.length > 0 && (
            <Group id="post-results" title="Posts" label="Posts" testId="post-results">
              {posts.map((post) => (
                <Grid key={post.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                  <Card sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={post.url} sx={{ height: '100%' }}>
                      <CardContent>
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          gutterBottom
                          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                        >
                          {post.author}
                          {post.is_private && (
                            <>
                              {' · '}
                              <LockIcon sx={{ fontSize: 14 }} aria-hidden /> friends only
                            </>
                          )}
                        </Typography>
                        <Typography sx={{ overflowWrap: 'anywhere' }}>{post.excerpt || 'A post with pictures'}</Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Group>
          )}
        </Box>
      )}
    </>
  );
}
