import BlockIcon from '@mui/icons-material/Block';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
} from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProfileDetail } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { useSetRelation } from '../api/relations';

/**
 * Issue 27: the profile's "more" menu, as Mastodon has it: mute (or unmute) at once, block after
 * saying what it does. Blocking leads home: the person is gone from everything you see.
 */
export function ProfileMenu({ profile }: { profile: ProfileDetail }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const titleId = useId();
  const relation = useSetRelation();
  const navigate = useNavigate();
  const name = profile.full_name;

  const mute = () => {
    setAnchor(null);
    relation.mutate(
      { kind: 'mute', slug: profile.slug, on: !profile.muted },
      {
        onSuccess: () => showAlert(profile.muted ? `${name} is no longer muted` : `${name} is muted`, 'success'),
        onError: (error) => showErrorAlert(error),
      },
    );
  };
  const block = () => {
    setConfirming(false);
    relation.mutate(
      { kind: 'block', slug: profile.slug, on: true },
      {
        onSuccess: () => {
          showAlert(`You blocked ${name}`, 'success');
          void navigate('/social/home');
        },
        onError: (error) => showErrorAlert(error),
      },
    );
  };

  return (
    <>
      <IconButton
        aria-label={`More about ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={relation.isPending}
        data-testid="profile-menu"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={mute} data-testid="profile-mute">
          <ListItemIcon>{profile.muted ? <VolumeUpIcon fontSize="small" /> : <VolumeOffIcon fontSize="small" />}</ListItemIcon>
          {profile.muted ? `Unmute ${name}` : `Mute ${name}`}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
          data-testid="profile-block"
        >
          <ListItemIcon>
            <BlockIcon fontSize="small" />
          </ListItemIcon>
          Block {name}
        </MenuItem>
      </Menu>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId} data-testid="block-dialog">
        <DialogTitle id={titleId}>Block {name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Neither of you will see the other&apos;s posts, comments or profile, nor be able to chat or send a friend request.
            Your friendship ends. {profile.first_name} is not told. You can unblock from your blocked people list.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={block} data-testid="block-confirm">
            Block
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
