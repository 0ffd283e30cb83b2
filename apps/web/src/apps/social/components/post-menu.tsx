import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Post, PostDetail } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { scheduleDelete } from '../api/pending-delete';
import { useReportPost } from '../api/report-post';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { EditPostDialog } from './edit-post-dialog';
import { ReportDialog } from './report-dialog';

/** Report (someone else's post), or Edit and Delete (your own, issue 27); hidden from visitors. */
export function PostMenu({ post, onDeleted }: { post: Post | PostDetail; onDeleted?: () => void }) {
  const user = useAuthStore((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const report = useReportPost();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const own = user.id === post.created_by.id;

  const fail = (error: unknown) => showErrorAlert(error);
  const act = () => {
    setAnchor(null);
    if (own) {
      setConfirming(true);
    } else {
      setReporting(true);
    }
  };

  return (
    <>
      <IconButton
        aria-label="Post actions"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="post-menu"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {own && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setEditing(true);
            }}
            data-testid="post-edit"
          >
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            Edit
          </MenuItem>
        )}
        <MenuItem onClick={act} data-testid={own ? 'post-delete' : 'post-report'}>
          <ListItemIcon>{own ? <DeleteIcon fontSize="small" /> : <FlagIcon fontSize="small" />}</ListItemIcon>
          {own ? 'Delete' : 'Report'}
        </MenuItem>
      </Menu>
      <ReportDialog
        open={reporting}
        onCancel={() => setReporting(false)}
        onReport={(reason) => {
          setReporting(false);
          report.mutate(
            { id: post.id, reason },
            { onSuccess: () => showAlert('The post was reported', 'success'), onError: fail },
          );
        }}
      />
      {editing && <EditPostDialog post={post} open onClose={() => setEditing(false)} />}
      <ConfirmDeleteDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDeleted?.();
          scheduleDelete(client, post);
        }}
      />
    </>
  );
}
