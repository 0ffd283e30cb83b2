import SearchIcon from '@mui/icons-material/Search';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, TextField, Tooltip } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DIALOG_MAX_WIDTH } from '../../../shared/theme/breakpoints';

/** Spec §2: the search icon opens a dialog (max width 400) that submits to /taberna/search?query=… */
export function ShopSearchDialog() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    navigate(`/taberna/search?${new URLSearchParams({ query: query.trim() }).toString()}`);
  };
  return (
    <>
      <Tooltip title="Search the shop">
        <IconButton color="inherit" aria-label="Search the shop" onClick={() => setOpen(true)} data-testid="shop-search-open">
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        // Typing goes straight into the search (issue 25): the field has the focus once the dialog is open.
        slotProps={{
          paper: { sx: { maxWidth: SEARCH_DIALOG_MAX_WIDTH } },
          transition: { onEntered: () => field.current?.focus() },
        }}
      >
        <form onSubmit={submit} role="search" action="/taberna/search">
          <DialogTitle>Search the shop</DialogTitle>
          <DialogContent>
            <TextField
              name="query"
              label="What are you looking for?"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              fullWidth
              inputRef={field}
              margin="dense"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained">
              Search
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
