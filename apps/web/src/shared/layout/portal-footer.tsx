import { Box, Container, type ContainerProps, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { NavItem } from './nav-item';

/** Every footer links to the all-apps host and to the apps manager home, with the year and product name. */
export function PortalFooter({
  links,
  productName,
  width = 'lg',
}: {
  links: NavItem[];
  productName: string;
  /** The width of the pages above, so the footer lines up with them. */
  width?: ContainerProps['maxWidth'];
}) {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 'auto', bgcolor: 'background.paper' }}>
      <Container maxWidth={width}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack component="nav" aria-label="Footer" direction="row" spacing={2.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {links.map((link) =>
              link.to ? (
                <Link key={link.label} component={RouterLink} to={link.to} color="text.primary" data-testid={link.testId}>
                  {link.label}
                </Link>
              ) : (
                <Link key={link.label} href={link.href} color="text.primary" data-testid={link.testId}>
                  {link.label}
                </Link>
              ),
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {productName}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
