import BackupIcon from '@mui/icons-material/Backup';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { BoOverview } from '@portal/contracts';
import { backupStatus } from './backup-status';

/** The overview's backup figure: the last good backup, its size, the next run, failures, and what is wrong. */
export function BackupCard({ backups }: { backups: BoOverview['backups'] }) {
  const { value, detail, problem } = backupStatus(backups);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <BackupIcon fontSize="small" />
          <Typography variant="subtitle2" component="h2">
            Last backup
          </Typography>
        </Box>
        <Typography variant="h3" component="p" sx={{ mt: 1, fontWeight: 600 }} data-testid="figure-last-backup">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
        {problem && (
          <Alert severity={problem.severity} sx={{ mt: 1 }} data-testid="backup-problem">
            {problem.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
