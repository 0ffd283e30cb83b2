import { Box, Button, FormHelperText, Rating, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { usePostReview } from '../api/post-review';

/** Shown to customers who bought the product; a second review replaces their first. */
export function ReviewForm({ productId }: { productId: number }) {
  const [rating, setRating] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [review, setReview] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const post = usePostReview();
  const ratingLabel = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    post.mutate(
      { productId, rating: rating ?? (undefined as unknown as number), subject, review },
      {
        onSuccess: () => {
          setSubject('');
          setReview('');
          setRating(null);
          showAlert('Thank you: your review is published.', 'success');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(fieldErrorsOf(error.body));
            showAlert(error.messages, 'error');
          }
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby={`${ratingLabel}-title`} data-testid="review-form">
      <Typography id={`${ratingLabel}-title`} variant="h6" component="h3" gutterBottom>
        Write a review
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Box>
          <Typography id={ratingLabel} component="span" variant="body2">
            Your rating
          </Typography>
          <Rating
            name="rating"
            value={rating}
            onChange={(_event, value) => setRating(value)}
            aria-labelledby={ratingLabel}
            sx={{ display: 'flex' }}
          />
          {errors.rating && <FormHelperText error>{errors.rating}</FormHelperText>}
        </Box>
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={Boolean(errors.subject)}
          helperText={errors.subject}
        />
        <TextField
          label="Review"
          value={review}
          onChange={(event) => setReview(event.target.value)}
          multiline
          minRows={3}
          error={Boolean(errors.review)}
          helperText={errors.review}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {post.isPending ? 'Sending…' : 'Publish review'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
