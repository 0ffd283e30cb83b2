import {
  Box,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Paper,
  Popper,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMentionSuggestions } from '../api/get-mention-suggestions';
import { mentionAt } from './mention-at';
import { ProfileAvatar } from './profile-avatar';

/** How long typing pauses before the server is asked for people. */
const PAUSE_MS = 150;

type Props = Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onValueChange(value: string): void };

/**
 * Issue 27: a text field that suggests people as `@` is typed. The list is a listbox the text field
 * controls (`aria-controls`, `aria-activedescendant`, `aria-autocomplete="list"`): Up and Down
 * choose, Enter or Tab inserts `@slug`, Escape closes it; a live region says how many are offered.
 * The textarea keeps its own role: a combobox role is not allowed on a textarea.
 */
export function MentionTextField({ value, onValueChange, slotProps, ...props }: Props) {
  const input = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const mention = mentionAt(value, caret);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(mention?.query ?? null), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [mention?.query]);
  const open = mention !== null && dismissed !== mention.start;
  const suggestions = useMentionSuggestions(open ? asked : null);
  const people = open && asked !== null ? (suggestions.data ?? []) : [];
  const shown = people.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  useEffect(() => setActive(0), [asked]);

  const readCaret = () => setCaret(input.current?.selectionStart ?? value.length);

  const choose = (slug: string) => {
    if (!mention) return;
    const before = value.slice(0, mention.start);
    const after = value.slice(caret).replace(/^[A-Za-z0-9-]*/, '');
    const inserted = `@${slug} `;
    const next = `${before}${inserted}${after.replace(/^ /, '')}`;
    const position = before.length + inserted.length;
    onValueChange(next);
    setCaret(position);
    requestAnimationFrame(() => input.current?.setSelectionRange(position, position));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!shown || !mention) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + people.length) % people.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      event.preventDefault();
      choose(people[Math.min(active, people.length - 1)]!.slug);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mention.start);
    }
  };

  return (
    <Box sx={{ position: 'relative', width: '100%' }}>
      <TextField
        {...props}
        value={value}
        inputRef={input}
        onChange={(event) => {
          onValueChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={readCaret}
        onClick={readCaret}
        onBlur={() => setDismissed(mention?.start ?? null)}
        onFocus={() => setDismissed(null)}
        slotProps={{
          ...slotProps,
          htmlInput: {
            ...(slotProps?.htmlInput as object),
            'aria-autocomplete': 'list',
            'aria-controls': shown ? listId : undefined,
            'aria-activedescendant': shown ? optionId(Math.min(active, people.length - 1)) : undefined,
          },
        }}
      />
      <Box aria-live="polite" sx={visuallyHidden}>
        {shown
          ? `${people.length} ${people.length === 1 ? 'person' : 'people'} to mention: up and down to choose, Enter to insert.`
          : ''}
      </Box>
      <Popper
        open={shown}
        anchorEl={input.current}
        placement="bottom-start"
        disablePortal
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1, width: 'min(320px, 90vw)' }}
      >
        <Paper elevation={8}>
          <List id={listId} role="listbox" aria-label="People to mention" dense data-testid="mention-suggestions">
            {people.map((person, index) => (
              <ListItemButton
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                tabIndex={-1}
                // Keep the focus in the text field: pressing the option must not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(person.slug)}
                data-testid="mention-option"
              >
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <ProfileAvatar src={person.avatar_url} name="" sx={{ width: 32, height: 32 }} />
                </ListItemAvatar>
                <ListItemText primary={person.full_name} secondary={`@${person.slug}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      </Popper>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
