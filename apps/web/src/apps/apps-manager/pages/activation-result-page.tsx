import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Button, Container, Stack } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';

const RESULTS = {
  activated: { ok: true, title: 'Congratulations! Your account is activated. You can login to application!' },
  'already-active': { ok: true, title: 'Your account is already active. You can login to application!' },
  invalid: { ok: false, title: 'Invalid activation link. Try again' },
} as const;

/** Where the activation link of the sign-up email lands (contract §1.11). */
export default function ActivationResultPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const result = status && status in RESULTS ? RESULTS[status as keyof typeof RESULTS] : RESULTS.invalid;
  return (
    <Container maxWidth="md" data-testid="activation-result" data-status={status ?? 'invalid'}>
      <EmptyState
        icon={result.ok ? <CheckCircleIcon /> : <ErrorOutlineIcon />}
        title={result.title}
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/taberna/login" variant="contained">
              Log in to the shop
            </Button>
            <Button component={RouterLink} to="/social/login" variant="outlined">
              Log in to the social network
            </Button>
          </Stack>
        }
      >
        {result.ok
          ? 'Your account works in the shop and in the social network.'
          : 'The link is wrong or more than three days old. Sign up again, or ask for a new link from the log-in page.'}
      </EmptyState>
    </Container>
  );
}
