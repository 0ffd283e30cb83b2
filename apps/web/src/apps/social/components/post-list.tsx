import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Post } from '@portal/contracts';
import { PostCard } from './post-card';

type Pages = InfiniteData<{ results: { posts: Post[] } }, unknown>;

export function PostSkeleton() {
  return (
    <Card aria-hidden>
      <CardHeader
        avatar={<Skeleton variant="circular" width={40} height={40} />}
        title={<Skeleton width="40%" />}
        subheader={<Skeleton width="20%" />}
      />
      <CardContent>
        <Skeleton />
        <Skeleton width="80%" />
        <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}

/**
 * Posts of an infinite list, newest first. The next page loads when the end comes into view, or
 * with the "Load more" button (for keyboards and screen readers).
 */
export function PostList({ query, empty, label }: { query: UseInfiniteQueryResult<Pages>; empty: ReactNode; label: string }) {
  const end = useRef<HTMLDivElement>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <Stack spacing={2} role="progressbar" aria-label={`Loading ${label}`}>
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  }
  if (query.isError) return <Alert severity="error">The posts could not be loaded: {query.error.message}</Alert>;
  const posts = data?.pages.flatMap((page) => page.results.posts) ?? [];
  if (posts.length === 0) return <>{empty}</>;

  return (
    <Stack spacing={2} component="section" aria-label={label} data-testid="post-list">
      {posts.map((post, index) => (
        // The first two cards fill a phone's or a desktop's first screen.
        <PostCard key={post.id} post={post} priority={index < 2} />
      ))}
      <Box ref={end} sx={{ display: 'grid', placeItems: 'center', minHeight: 48 }}>
        {hasNextPage ? (
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} data-testid="load-more">
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : (
          posts.length > 3 && (
            <Typography color="text.secondary" variant="body2">
              You are all caught up.
            </Typography>
          )
        )}
      </Box>
    </Stack>
  );
}
