import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CategoryIcon from '@mui/icons-material/Category';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Container,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BoCategory } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useAllCategories, useCreateCategory, useDeleteCategory, useUpdateCategory } from '../api/categories';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../components/error-text';
import { PageHeader } from '../components/page-header';

function NewCategoryForm() {
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, description },
      {
        onSuccess: (category) => {
          showAlert(`Category ${category.name} created.`, 'success');
          setName('');
          setDescription('');
        },
      },
    );
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2, mb: 3 }} aria-label="New category">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label="New category name"
          size="small"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'category-name' } }}
        />
        <TextField
          label="Description (optional)"
          size="small"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddIcon />}
          loading={create.isPending}
          data-testid="category-create"
        >
          Add category
        </Button>
      </Stack>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorText(create.error)}
        </Alert>
      )}
    </Paper>
  );
}

type Dialog = { kind: 'rename' | 'delete'; category: BoCategory } | null;

export default function CategoriesPage() {
  const categories = useAllCategories();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [newName, setNewName] = useState('');

  const open = (next: Dialog) => {
    update.reset();
    remove.reset();
    setNewName(next?.category.name ?? '');
    setDialog(next);
  };
  const move = (category: BoCategory, position: number) =>
    update.mutate(
      { id: category.id, position },
      { onError: (error) => showAlert(errorText(error) ?? 'The category could not be moved.', 'error') },
    );

  const list = categories.data ?? [];
  return (
    <Container maxWidth="lg">
      <PageHeader
        title="Categories"
        subtitle="The shop's categories, in the order its menu shows them. A category can be deleted once it is empty."
      />
      <NewCategoryForm />
      {categories.isError && <Alert severity="error">The categories could not be loaded: {categories.error.message}</Alert>}
      {categories.isPending && <Skeleton variant="rounded" height={240} aria-label="Loading the categories" />}
      {categories.isSuccess && list.length === 0 && (
        <EmptyState icon={<CategoryIcon />} title="No categories yet">
          Add the first one above; products go into a category.
        </EmptyState>
      )}
      {list.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="Categories" data-testid="category-list">
            {list.map((category, index) => (
              <ListItem
                key={category.id}
                divider={index < list.length - 1}
                data-testid="category-row"
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title="Move up">
                      <span>
                        <IconButton
                          aria-label={`Move ${category.name} up`}
                          disabled={index === 0 || update.isPending}
                          onClick={() => move(category, index - 1)}
                        >
                          <ArrowUpwardIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move down">
                      <span>
                        <IconButton
                          aria-label={`Move ${category.name} down`}
                          disabled={index === list.length - 1 || update.isPending}
                          onClick={() => move(category, index + 1)}
                        >
                          <ArrowDownwardIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Rename">
                      <IconButton aria-label={`Rename ${category.name}`} onClick={() => open({ kind: 'rename', category })}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${category.name}`} onClick={() => open({ kind: 'delete', category })}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: { xs: 24, sm: 26 } }}
              >
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/backoffice/products?category_id=${category.id}`}>
                      {category.name}
                    </Link>
                  }
                  secondary={
                    <Box component="span">
                      {category.products_count} {category.products_count === 1 ? 'product' : 'products'}
                      {category.description ? ` · ${category.description}` : ''}
                    </Box>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={dialog?.kind === 'rename'}
        title={`Rename ${dialog?.category.name ?? ''}`}
        text="The shop shows the new name at once; the category's address stays the same."
        confirmLabel="Rename"
        pending={update.isPending}
        error={errorText(update.error)}
        onClose={() => setDialog(null)}
        onConfirm={() => dialog && update.mutate({ id: dialog.category.id, name: newName }, { onSuccess: () => setDialog(null) })}
        testId="rename-dialog"
      >
        <TextField
          label="Name"
          required
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete ${dialog?.category.name ?? ''}?`}
        text="Only an empty category can be deleted. This cannot be undone."
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        error={errorText(remove.error)}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          dialog &&
          remove.mutate(dialog.category.id, {
            onSuccess: () => {
              showAlert(`Category ${dialog.category.name} deleted.`, 'success');
              setDialog(null);
            },
          })
        }
        testId="delete-category-dialog"
      />
    </Container>
  );
}
