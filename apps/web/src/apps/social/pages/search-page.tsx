import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Container, Grid, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { postCount, useSearch } from '../api/search';
import { PersonCard } from '../components/person-card';
import { PostList } from '../components/post-list';

/** Contract §5.7: people by name or username, posts by their words. The query is sent as `query`. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const [text, setText] = useState(query);
  const results = useSearch(query);
  const people = results.data?.pages[0]?.results.profiles ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { query: text.trim() } : {});
  };

  return (
    <Container maxWidth="md">
      <Stack spacing={3}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.1rem' } }}>
          {query ? `Results for “${query}”` : 'Search'}
        </Typography>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            name="query"
            label="Search people and posts"
            value={text}
            onChange={(event) => setText(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'search-input' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="search-submit">
            Search
          </Button>
        </Box>
        {!query && <Typography color="text.secondary">Type a name, a username or some words, then press Enter.</Typography>}
        {query && results.data && (
          <section aria-labelledby="people-title">
            <Typography id="people-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
              People ({people.length})
            </Typography>
            {people.length === 0 ? (
              <Typography color="text.secondary">Nobody by that name.</Typography>
            ) : (
              <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="people-results">
                {people.map((person) => (
                  <Grid key={person.id} size={{ xs: 12, sm: 6 }} component="li">
                    <PersonCard person={person} />
                  </Grid>
                ))}
              </Grid>
            )}
          </section>
        )}
        {query && (
          <section aria-labelledby="posts-title">
            <Typography id="posts-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
              Posts{results.data ? ` (${postCount(results.data.pages[0])})` : ''}
            </Typography>
            <PostList
              query={results}
              label="Matching posts"
              empty={
                <EmptyState icon={<SearchOffIcon />} title="No posts match">
                  Try other words.
                </EmptyState>
              }
            />
          </section>
        )}
      </Stack>
    </Container>
  );
}
