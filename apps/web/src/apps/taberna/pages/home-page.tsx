import StorefrontIcon from '@mui/icons-material/Storefront';
import { Container, Typography } from '@mui/material';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ShopHero } from '../components/shop-hero';

export default function HomePage() {
  return (
    <Container maxWidth="xl">
      <ShopHero />
      <Typography variant="h2" sx={{ mb: 2 }}>
        Latest products
      </Typography>
      <EmptyState icon={<StorefrontIcon />} title="The catalogue is empty">
        The shop has no products yet. New products show here as soon as they are added.
      </EmptyState>
    </Container>
  );
}
