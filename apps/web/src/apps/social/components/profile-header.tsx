import ChatIcon from '@mui/icons-material/Chat';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import KeyIcon from '@mui/icons-material/Key';
import ShieldIcon from '@mui/icons-material/Shield';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { CanSendFriendshipRequest, FriendshipAnswer, Profile, ProfileDetail } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useAnswerFriendRequest } from '../api/answer-friend-request';
import { getOrCreateConversation } from '../api/chat';
import { useFriends } from '../api/get-friends';
import { conversationsKey } from '../api/query-keys';
import { PostText } from './post-text';
import { ProfileAvatar } from './profile-avatar';
import { ProfileMenu } from './profile-menu';
import { useFriendRequest } from './use-friend-request';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * Where you stand with someone when no request can be sent: friends already, their request waiting
 * for your answer (answered right here), or yours waiting for theirs.
 */
function FriendshipState({ profile }: { profile: Profile }) {
  const user = useAuthStore((state) => state.user);
  const theirs = useFriends(profile.slug);
  const mine = useFriends(user?.slug ?? '', Boolean(user));
  const answer = useAnswerFriendRequest();
  if (!theirs.data || !mine.data || !user) return null;
  if (theirs.data.friends.some((friend) => friend.id === user.id)) {
    return <Chip icon={<HowToRegIcon />} label="Friends" color="success" variant="outlined" data-testid="friendship-state" />;
  }
  if (mine.data.requests.some((request) => request.created_by.id === profile.id)) {
    const reply = (status: FriendshipAnswer) =>
      answer.mutate({ slug: profile.slug, status }, { onError: (error) => showErrorAlert(error) });
    return (
      <>
        <Button
          variant="contained"
          startIcon={<CheckIcon />}
          onClick={() => reply('accepted')}
          disabled={answer.isPending}
          data-testid="accept-request"
        >
          Accept request
        </Button>
        <Button
          startIcon={<CloseIcon />}
          onClick={() => reply('rejected')}
          disabled={answer.isPending}
          data-testid="reject-request"
        >
          Reject
        </Button>
      </>
    );
  }
  return <Chip icon={<ScheduleIcon />} label="Friend request pending" variant="outlined" data-testid="friendship-state" />;
}

/** Contract §6.2 and spec §7: opens (or starts) the conversation with this person; "You must be logged in!" on failure. */
function SendMessageButton({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    try {
      const conversation = await getOrCreateConversation(slug);
      await client.invalidateQueries({ queryKey: conversationsKey });
      void navigate(`/social/chat/${conversation.id}`);
    } catch {
      showAlert('You must be logged in!', 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<ChatIcon />}
      onClick={() => void open()}
      disabled={pending}
      data-testid="send-message-profile"
    >
      Send Message
    </Button>
  );
}

/** The top of a profile page: header picture, avatar, name, bio, counts, and what you can do here. */
export function ProfileHeader({ profile, canSend }: { profile: ProfileDetail; canSend: CanSendFriendshipRequest }) {
  const user = useAuthStore((state) => state.user);
  const request = useFriendRequest();
  const own = user?.id === profile.id;

  return (
    <Card component="header" data-testid="profile-header">
      <Box sx={{ height: { xs: 112, sm: 176 }, bgcolor: 'action.hover', overflow: 'hidden' }} data-testid="profile-banner">
        {profile.header_url && (
          <Box
            component="img"
            src={profile.header_url}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
          <ProfileAvatar src={profile.avatar_url} name="" sx={{ width: 112, height: 112 }} />
          <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.2rem' } }}>
              {profile.full_name}
            </Typography>
            <Typography color="text.secondary">@{profile.username}</Typography>
            {profile.muted && (
              <Chip icon={<VolumeOffIcon />} label="Muted" size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
            )}
            {profile.bio && (
              <Box data-testid="profile-bio">
                <PostText text={profile.bio} variant="body2" />
              </Box>
            )}
            <Stack direction="row" spacing={2}>
              <Link component={RouterLink} to={`/social/profile/${profile.slug}/friends`} data-testid="friends-count">
                {plural(profile.friends_count, 'friend')}
              </Link>
              <Typography data-testid="posts-count">{plural(profile.posts_count, 'post')}</Typography>
            </Stack>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {own && (
              <>
                <Button
                  variant="contained"
                  startIcon={<EditIcon />}
                  component={RouterLink}
                  to="/social/profile/edit"
                  data-testid="edit-profile"
                >
                  Edit Profile
                </Button>
                <Button startIcon={<KeyIcon />} component={RouterLink} to="/social/edit/password">
                  Change password
                </Button>
                <Button startIcon={<ShieldIcon />} component={RouterLink} to="/social/settings/data" data-testid="your-data">
                  Your data
                </Button>
              </>
            )}
            {user && !own && canSend === true && (
              <Button
                variant="contained"
                startIcon={<PersonAddIcon />}
                onClick={() => request.send(profile.slug)}
                disabled={request.pending}
                data-testid="add-friend"
              >
                Add as Friend
              </Button>
            )}
            {user && !own && canSend === 'rejected' && (
              <Chip label="Friend request declined" variant="outlined" data-testid="friendship-state" />
            )}
            {user && !own && canSend === false && <FriendshipState profile={profile} />}
            {user && !own && <SendMessageButton slug={profile.slug} />}
            {user && !own && <ProfileMenu profile={profile} />}
            {own && (
              <Button component={RouterLink} to="/social/blocked" data-testid="blocked-link">
                Blocked and muted
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
