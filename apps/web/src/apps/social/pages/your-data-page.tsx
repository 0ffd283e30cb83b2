import { Container, Typography } from '@mui/material';
import { AccountDataPanel } from '../../../shared/auth/account-data-panel';

/** Issue 26: the social network's settings page for a member's data: download it, or delete the account. */
export default function YourDataPage() {
  return (
    <Container maxWidth="sm">
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Your data
      </Typography>
      <AccountDataPanel afterDelete="/social/home" />
    </Container>
  );
}
