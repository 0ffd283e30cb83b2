import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Alert, Box, Button, LinearProgress, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { HYPER3D_LIGHT_KINDS, HYPER3D_SHAPES } from '@portal/contracts';
import { useId, useRef, useState } from 'react';
import { ACCEPTED_FILES } from '../../local-model/file-set';
import { useEditorStore } from '../editor-store';
import { importModelIntoScene, useImportStatus } from '../import-model';
import { LIGHT_LABELS, SHAPE_LABELS } from '../scene-model';

function MenuButton<T extends string>({
  label,
  items,
  labels,
  onPick,
}: {
  label: string;
  items: readonly T[];
  labels: Record<T, string>;
  onPick: (item: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item}
            onClick={() => {
              setAnchor(null);
              onPick(item);
            }}
          >
            {labels[item]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Add figures, lights, cameras and groups, and import models into the scene. */
export function AddToolbar() {
  const { addFigure, addLight, addCamera, addGroup } = useEditorStore.getState();
  const { importing, error } = useImportStatus();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="toolbar" aria-label="Add to the scene">
        <MenuButton label="Add figure" items={HYPER3D_SHAPES} labels={SHAPE_LABELS} onPick={addFigure} />
        <MenuButton label="Add light" items={HYPER3D_LIGHT_KINDS} labels={LIGHT_LABELS} onPick={addLight} />
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={addCamera}>
          Add camera
        </Button>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={addGroup}>
          Add group
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileUploadIcon />}
          disabled={importing !== null}
          onClick={() => input.current?.click()}
        >
          Import model
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_FILES}
          data-testid="import-model-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void importModelIntoScene(files);
          }}
        />
      </Stack>
      {importing && (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="body2">Importing {importing}…</Typography>
          <LinearProgress aria-label={`Importing ${importing}`} />
        </Box>
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          onClose={() => useImportStatus.setState({ error: null })}
          data-testid="import-error"
        >
          {error}
        </Alert>
      )}
    </Box>
  );
}
