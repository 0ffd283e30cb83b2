import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Profile } from '@portal/contracts';
import { ProfileAvatar } from './profile-avatar';

type Person = Pick<Profile, 'id' | 'avatar_url' | 'slug' | 'first_name' | 'last_name' | 'friends_count' | 'posts_count'>;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** A person in a grid (friends, requests, search results): picture, name, counts; links to the profile. */
export function PersonCard({ person, actions }: { person: Person; actions?: ReactNode }) {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return (
    <Card sx={{ height: '100%' }} data-testid="person-card">
      <CardActionArea component={RouterLink} to={`/social/profile/${person.slug}`}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ProfileAvatar src={person.avatar_url} name="" sx={{ width: 56, height: 56 }} />
            <div>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {plural(person.friends_count, 'friend')} · {plural(person.posts_count, 'post')}
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </CardActionArea>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2 }}>
          {actions}
        </Stack>
      )}
    </Card>
  );
}
