import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputBase, Paper } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** Spec §2: the apps manager's search form submits to /apps_manager/search with the field `query`. */
export function AppsSearchForm({ initial = '', dense = false }: { initial?: string; dense?: boolean }) {
  const [query, setQuery] = useState(initial);
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field's own value, not the state: on a server-rendered page a visitor may type before
    // React hydrates the form, and the state then still holds the initial text.
    const typed = new FormData(event.currentTarget).get('query');
    navigate(`/apps_manager/search?${new URLSearchParams({ query: String(typed ?? query).trim() }).toString()}`);
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      action="/apps_manager/search"
      sx={{ display: 'flex', alignItems: 'center', pl: 2, maxWidth: dense ? 320 : 560, width: '100%' }}
    >
      <InputBase
        name="query"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search the portal…"
        inputProps={{ 'aria-label': 'Search the portal' }}
        sx={{ flex: 1, py: dense ? 0.25 : 1 }}
      />
      <Box>
        <IconButton type="submit" aria-label="Search">
          <SearchIcon />
        </IconButton>
      </Box>
    </Paper>
  );
}
