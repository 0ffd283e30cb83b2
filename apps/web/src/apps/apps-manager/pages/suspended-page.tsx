import GppBadIcon from '@mui/icons-material/GppBad';
import { Box, Button, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSuspension } from '../../../shared/auth/suspension';
import { usePortalSettings } from '../../../shared/settings/use-portal-settings';

/** `mailto:` for an email address, the address itself for a web page. */
const hrefOf = (contact: string) => (contact.includes('@') && !/^https?:/i.test(contact) ? `mailto:${contact}` : contact);

/**
 * Issue 27: what a person sees the moment their account is suspended (their sockets close with 4423,
 * or their next request is refused): why, and how to reach the portal's staff (SUSPENSION_CONTACT).
 */
export default function SuspendedPage() {
  const reason = useSuspension((state) => state.reason);
  const contact = usePortalSettings().data?.suspension_contact ?? '';
  return (
    <Container maxWidth="md" data-testid="suspended-page">
      <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
        <Box sx={{ fontSize: 56, color: 'error.main', '& svg': { fontSize: 'inherit' } }} aria-hidden>
          <GppBadIcon />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.7rem', md: '2.1rem' }, mb: 2, overflowWrap: 'anywhere' }}>
          {reason ? `Your account was suspended: ${reason}` : 'Your account was suspended'}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
          You have been logged out and cannot log in while the suspension lasts.{' '}
          {contact ? (
            <>
              To ask about it or appeal, contact the portal at{' '}
              <Link href={hrefOf(contact)} underline="always" data-testid="suspension-contact">
                {contact}
              </Link>
              .
            </>
          ) : (
            'To ask about it, reply to any email the portal sent you.'
          )}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
          Go to the apps
        </Button>
      </Box>
    </Container>
  );
}
