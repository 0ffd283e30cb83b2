import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** What a visitor sees above the public feed. */
export function JoinCard() {
  return (
    <Card component="section" aria-labelledby="join-title">
      <CardContent>
        <Typography id="join-title" variant="h4" component="h2" gutterBottom>
          Join the conversation
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Share pictures, follow trends and keep up with your friends. Below: the latest public posts.
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" component={RouterLink} to="/social/signup">
            Sign up
          </Button>
          <Button component={RouterLink} to="/social/login">
            Log in
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
