import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import PeopleIcon from '@mui/icons-material/People';
import {
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSuggestions } from '../api/get-suggestions';
import { ProfileAvatar } from './profile-avatar';
import { useFriendRequest } from './use-friend-request';

/** Contract §4.6: friends of your friends, with a quick "Add as Friend". */
export function SuggestionsCard() {
  const suggestions = useSuggestions(true);
  const request = useFriendRequest();
  return (
    <Card component="section" aria-labelledby="suggestions-title" data-testid="suggestions">
      <CardHeader
        avatar={<PeopleIcon color="primary" />}
        title={
          <Typography id="suggestions-title" variant="h4" component="h2">
            People you may know
          </Typography>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {suggestions.isPending && [1, 2, 3].map((n) => <Skeleton key={n} height={48} />)}
        {suggestions.data?.length === 0 && (
          <Typography color="text.secondary">
            Friends of your friends show up here. Find people with{' '}
            <Link component={RouterLink} to="/social/search" underline="always">
              search
            </Link>
            .
          </Typography>
        )}
        {suggestions.data && suggestions.data.length > 0 && (
          <List dense disablePadding>
            {suggestions.data.map((person) => (
              <ListItem
                key={person.id}
                disableGutters
                secondaryAction={
                  <Tooltip title="Add as Friend">
                    <IconButton
                      edge="end"
                      aria-label={`Add ${person.full_name} as a friend`}
                      onClick={() => request.send(person.slug)}
                      disabled={request.pending}
                    >
                      <PersonAddIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemAvatar>
                  <ProfileAvatar src={person.avatar_url} name="" />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/social/profile/${person.slug}`} color="text.primary">
                      {person.full_name}
                    </Link>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
