import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { CategoryBrief } from '@portal/contracts';

export function CategoryTiles({ categories }: { categories: CategoryBrief[] }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Categories">
      {categories.map((category) => (
        <Grid key={category.id} size={{ xs: 6, sm: 4, md: 2 }} component="li">
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={category.get_absolute_url} sx={{ height: '100%' }}>
              {category.image && (
                <Box
                  component="img"
                  src={category.image}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block' }}
                />
              )}
              <CardContent sx={{ py: 1.5 }}>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {category.name}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
