import GppBadIcon from '@mui/icons-material/GppBad';
import { Button, Container, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSuspension } from '../../../shared/auth/suspension';
import { usePortalSettings } from '../../../shared/settings/use-portal-settings';
import { EmptyState } from '../../../shared/ui/empty-state';

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
      <EmptyState
        icon={<GppBadIcon />}
        title={reason ? `Your account was suspended: ${reason}` : 'Your account was suspended'}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to the apps
          </Button>
        }
      >
        You have been logged out and cannot log in while the suspension lasts.{' '}
        {contact ? (
          <>
            To ask about it or appeal, contact the portal at{' '}
            <Link href={hrefOf(contact)} data-testid="suspension-contact">
              {contact}
            </Link>
            .
          </>
        ) : (
          'To ask about it, reply to any email the portal sent you.'
        )}
      </EmptyState>
    </Container>
  );
}
