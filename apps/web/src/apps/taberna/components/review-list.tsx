import { Box, Divider, Rating, Stack, Typography } from '@mui/material';
import type { Review } from '@portal/contracts';
import { useHydrated } from '../../../shared/ui/use-hydrated';

const DATE_FORMAT = { day: 'numeric', month: 'short', year: 'numeric' } as const;

export function ReviewList({ reviews, average }: { reviews: Review[]; average: number | null }) {
  // The server renders dates in UTC: the visitor's own time zone once the page is theirs.
  const timeZone = useHydrated() ? undefined : 'UTC';
  if (reviews.length === 0) return <Typography color="text.secondary">No reviews yet.</Typography>;
  return (
    <Stack spacing={2} data-testid="reviews">
      {average !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Rating value={average} precision={0.5} readOnly aria-label={`Average rating ${average} out of 5`} />
          <Typography>
            {average.toFixed(1)} out of 5 · {reviews.length} review{reviews.length === 1 ? '' : 's'}
          </Typography>
        </Stack>
      )}
      {reviews.map((review, index) => (
        <Box key={review.id} component="article">
          {index > 0 && <Divider sx={{ mb: 2 }} />}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Rating value={review.rating} readOnly size="small" aria-label={`${review.rating} out of 5`} />
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {review.subject}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {review.user} · {new Date(review.updated_at).toLocaleDateString('en-GB', { ...DATE_FORMAT, timeZone })}
          </Typography>
          {review.review && <Typography sx={{ mt: 0.5 }}>{review.review}</Typography>}
        </Box>
      ))}
    </Stack>
  );
}
