import SearchIcon from '@mui/icons-material/Search';
import {
  Avatar,
  Box,
  Dialog,
  InputAdornment,
  LinearProgress,
  ListItemAvatar,
  ListItemText,
  ListSubheader,
  MenuList,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePortalSearch } from '../../api/portal-search';
import { useFormatMoney } from '../../format/money';
import { hitPath, searchGroups, type SearchHit } from './search-groups';

const TYPING_PAUSE_MS = 200;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The portal-wide search as a command palette (Ctrl+K / Cmd+K): a combobox whose listbox holds the
 * apps, products, people and posts found, grouped; arrows move, Enter opens, Esc closes.
 */
export default function CommandPalette({ open, onClose }: { open: boolean; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const settled = useSettled(query.trim());
  const results = usePortalSearch(settled.length > 200 ? settled.slice(0, 200) : settled);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-results`;

  const money = useFormatMoney();
  const groups = useMemo(() => searchGroups(results.data, money), [results.data, money]);
  const seeAll: SearchHit | null = settled
    ? {
        id: 'all',
        label: `See all results for “${settled}”`,
        detail: '',
        url: `/apps_manager/search?${new URLSearchParams({ query: settled }).toString()}`,
        image: null,
      }
    : null;
  const hits = [...groups.flatMap((group) => group.hits), ...(seeAll ? [seeAll] : [])];
  const current = Math.min(active, Math.max(hits.length - 1, 0));
  useEffect(() => setActive(0), [results.data]);

  const open_ = (hit: SearchHit) => {
    onClose();
    setQuery('');
    const path = hitPath(hit.url);
    if (/^https?:\/\//.test(path)) window.location.assign(path);
    else void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + hits.length) % hits.length);
    } else if (event.key === 'Enter' && hits[current]) {
      event.preventDefault();
      open_(hits[current]);
    }
  };

  const optionId = (hit: SearchHit) => `${id}-${hit.id}`;
  const renderHit = (hit: SearchHit) => {
    const index = hits.indexOf(hit);
    return (
      <MenuItem
        key={hit.id}
        id={optionId(hit)}
        role="option"
        aria-selected={index === current}
        selected={index === current}
        tabIndex={-1}
        onMouseMove={() => setActive(index)}
        onClick={() => open_(hit)}
        sx={{ whiteSpace: 'normal', py: 1 }}
        data-testid="palette-option"
      >
        {hit.id !== 'all' && (
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar src={hit.image ?? undefined} alt="" variant="rounded" sx={{ width: 36, height: 36 }}>
              {hit.label.charAt(0)}
            </Avatar>
          </ListItemAvatar>
        )}
        <ListItemText
          primary={hit.label}
          secondary={hit.detail || undefined}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
          sx={{ minWidth: 0 }}
        />
      </MenuItem>
    );
  };

  const expanded = settled !== '' && hits.length > 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        // The search box takes the focus as the palette opens (the dialog would otherwise hold it).
        transition: { onEntered: () => inputRef.current?.focus() },
        // The dialog itself (the paper holds role="dialog") needs its own name.
        paper: {
          'aria-label': 'Portal search',
          sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 }, mx: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)' } },
        },
      }}
      data-testid="command-palette"
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          inputRef={inputRef}
          fullWidth
          placeholder="Search apps, products, people and posts"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': 'Search the portal',
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': expanded && hits[current] ? optionId(hits[current]) : undefined,
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <LinearProgress aria-label="Searching" sx={{ visibility: results.isFetching ? 'visible' : 'hidden' }} />
      <Box sx={{ maxHeight: { xs: '65vh', sm: 440 }, overflowY: 'auto' }}>
        <MenuList id={listId} role="listbox" aria-label="Results" autoFocusItem={false} disabledItemsFocusable sx={{ py: 0 }}>
          {groups.map((group) => (
            <Box key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
              <ListSubheader id={`${id}-${group.key}`} role="presentation" sx={{ lineHeight: '32px' }}>
                {group.title}
              </ListSubheader>
              {group.hits.map(renderHit)}
            </Box>
          ))}
          {seeAll && renderHit(seeAll)}
        </MenuList>
        {settled !== '' && results.data && groups.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 3, py: 2 }} role="status">
            Nothing matches “{settled}”.
          </Typography>
        )}
        {settled === '' && (
          <Typography color="text.secondary" variant="body2" sx={{ px: 3, py: 2 }}>
            Type to search every app. ↑ ↓ to move, Enter to open, Esc to close.
          </Typography>
        )}
        {results.isError && (
          <Typography color="error" sx={{ px: 3, py: 2 }} role="alert">
            The search failed: {results.error.message}
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}
