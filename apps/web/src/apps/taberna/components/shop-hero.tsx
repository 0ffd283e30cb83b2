import { Box, Container, Typography } from '@mui/material';

export function ShopHero() {
  return (
    <Box
      sx={{
        background: (theme) =>
          theme.palette.mode === 'light'
            ? 'linear-gradient(120deg, #7a2e1b 0%, #a63f26 45%, #c9773a 100%)'
            : 'linear-gradient(120deg, #3a1a10 0%, #5e2a18 55%, #7a4a22 100%)',
        color: '#fff',
        borderRadius: 3,
        px: { xs: 3, md: 6 },
        py: { xs: 5, md: 8 },
        mb: 5,
      }}
    >
      <Container disableGutters maxWidth="md" sx={{ mx: 0 }}>
        <Typography variant="h1" sx={{ color: 'inherit' }}>
          Taberna E-com
        </Typography>
        <Typography sx={{ mt: 1.5, fontSize: '1.15rem', opacity: 0.95 }}>
          Good things, fairly priced: pick a colour and a size, keep your cart as a guest, and pay safely by card.
        </Typography>
      </Container>
    </Box>
  );
}
