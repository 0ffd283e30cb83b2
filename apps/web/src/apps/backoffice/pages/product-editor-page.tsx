import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublishIcon from '@mui/icons-material/Publish';
import {
  Alert,
  Box,
  Button,
  Container,
  FormControlLabel,
  Grid,
  InputAdornment,
  Link,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { BoProduct, ProductStatus } from '@portal/contracts';
import { useCurrencySign } from '../../../shared/format/money';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useCreateProduct, useDeleteProduct, useProduct, useUpdateProduct } from '../api/products';
import { CategorySelect } from '../components/category-select';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../components/error-text';
import { PageHeader } from '../components/page-header';
import { LoadError } from '../components/load-error';
import { ListField } from '../products/list-field';
import { NewPictures } from '../products/new-pictures';
import { PicturePanel } from '../products/picture-panel';
import { UploadProgress } from '../products/upload-progress';
import { usePictureUploads, type PictureToSend } from '../products/use-picture-uploads';
import { VariantGrid } from '../products/variant-grid';
import {
  checkProductForm,
  createRequest,
  EMPTY_PRODUCT_FORM,
  formOf,
  SERVER_FIELDS,
  updateRequest,
  type ProductForm,
  type ProductFormErrors,
} from '../products/product-form';

/** Issue 25: where a product is — only an active one is in the shop. */
export const STATUS_TEXT: Record<ProductStatus, string> = {
  draft: 'Draft (not in the shop)',
  active: 'Active (in the shop)',
  archived: 'Archived (not in the shop)',
};

function serverErrors(error: unknown): ProductFormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: ProductFormErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error.body))) {
    const key = SERVER_FIELDS[field];
    if (key) errors[key] = message;
  }
  return errors;
}

function Editor({ product }: { product: BoProduct | null }) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [form, setForm] = useState<ProductForm>(product ? formOf(product) : EMPTY_PRODUCT_FORM);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pictures, setPictures] = useState<PictureToSend[]>([]);
  const { uploads, send } = usePictureUploads();
  const [sending, setSending] = useState(false);
  const sign = useCurrencySign();
  const saving = create.isPending || update.isPending || sending;
  const failure = create.error ?? update.error;
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkProductForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const onError = (error: unknown) => setErrors(serverErrors(error));
    if (!product) {
      // A draft with its pictures (issue 25): out of the shop until it is published.
      create.mutate(createRequest(form), {
        onSuccess: async (created) => {
          setSending(true);
          const failed = await send(created.id, pictures);
          setSending(false);
          showAlert(
            failed > 0
              ? `${created.name} is saved as a draft, but ${failed} picture${failed === 1 ? '' : 's'} could not be sent.`
              : `${created.name} is saved as a draft. Set the stock of each variant, then publish it.`,
            failed > 0 ? 'error' : 'success',
          );
          if (failed === 0) void navigate(`/backoffice/products/${created.id}`, { replace: true });
        },
        onError,
      });
      return;
    }
    const changes = updateRequest(product, form);
    if (Object.keys(changes).length === 0) {
      showAlert('Nothing to save: no field changed.', 'info');
      return;
    }
    update.mutate(
      { id: product.id, ...changes },
      {
        onSuccess: (saved) => {
          setForm(formOf(saved));
          showAlert(`${saved.name} saved.`, 'success');
        },
        onError,
      },
    );
  };

  const errorOf = (key: keyof ProductForm) => errors[key];
  return (
    <>
      <Paper
        variant="outlined"
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ p: { xs: 2, md: 3 } }}
        aria-label="Product details"
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              label="Name"
              required
              fullWidth
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'product-name' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CategorySelect
              value={form.categoryId}
              onChange={(value) => set('categoryId', value)}
              required
              fullWidth
              error={errorOf('categoryId')}
              testId="product-category"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label="Price"
              required
              fullWidth
              value={form.price}
              onChange={(event) => set('price', event.target.value)}
              error={Boolean(errorOf('price'))}
              helperText={errorOf('price') ?? 'Such as 19.90'}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': 'product-price' },
              }}
            />
          </Grid>
          {product && (
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                select
                label="Status"
                fullWidth
                value={form.status}
                onChange={(event) => set('status', event.target.value as ProductStatus)}
                error={Boolean(errorOf('status'))}
                helperText={errorOf('status')}
                slotProps={{ select: { 'data-testid': 'product-status' } as object }}
              >
                {(Object.keys(STATUS_TEXT) as ProductStatus[]).map((status) => (
                  <MenuItem key={status} value={status}>
                    {STATUS_TEXT[status]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.isAvailable}
                  onChange={(event) => set('isAvailable', event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'product-available' } as object }}
                />
              }
              label="On sale in the shop"
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Description"
              fullWidth
              multiline
              minRows={3}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
              error={Boolean(errorOf('description'))}
              helperText={errorOf('description')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'product-description' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ListField
              label="Colours"
              value={form.colors}
              onChange={(value) => set('colors', value)}
              error={errorOf('colors')}
              helperText="Type one and press Enter; leave empty if there is no choice"
              testId="product-colors"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ListField
              label="Sizes"
              value={form.sizes}
              onChange={(value) => set('sizes', value)}
              error={errorOf('sizes')}
              helperText="Type one and press Enter; leave empty if there is no choice"
              testId="product-sizes"
            />
          </Grid>
        </Grid>
        {!product && (
          <Box sx={{ mt: 3 }}>
            <NewPictures pictures={pictures} onChange={setPictures} colors={form.colors} />
            <UploadProgress uploads={uploads} />
          </Box>
        )}
        {failure && Object.keys(serverErrors(failure)).length === 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(failure)}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
          {product && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)} data-testid="product-delete">
              Delete
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button component={RouterLink} to="/backoffice/products">
            Back to the products
          </Button>
          {product && product.status !== 'active' && !product.hidden && (
            <Button
              variant="outlined"
              startIcon={<PublishIcon />}
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: product.id, status: 'active' },
                  {
                    onSuccess: (saved) => {
                      setForm(formOf(saved));
                      showAlert(`${saved.name} is published: it is in the shop.`, 'success');
                    },
                    onError: (error) => setErrors(serverErrors(error)),
                  },
                )
              }
              data-testid="product-publish"
            >
              Publish
            </Button>
          )}
          <Button type="submit" variant="contained" loading={saving} data-testid="product-save">
            {product ? 'Save changes' : 'Save draft'}
          </Button>
        </Stack>
      </Paper>
      {product && (
        <Box sx={{ mt: 3 }}>
          <VariantGrid product={product} />
        </Box>
      )}
      {product && (
        <Box sx={{ mt: 3 }}>
          <PicturePanel product={product} />
        </Box>
      )}
      {product && (
        <ConfirmDialog
          open={confirmDelete}
          title={`Delete ${product.name}?`}
          text={
            product.orders_count > 0
              ? `Orders refer to this product (${product.orders_count}), so it is hidden from the shop instead and kept for them.`
              : 'It leaves the shop and cannot be brought back.'
          }
          confirmLabel={product.orders_count > 0 ? 'Hide it' : 'Delete'}
          danger
          pending={remove.isPending}
          error={errorText(remove.error)}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(product.id, {
              onSuccess: ({ outcome }) => {
                showAlert(
                  outcome === 'hidden' ? `${product.name} is hidden: orders refer to it.` : `${product.name} deleted.`,
                  'success',
                );
                void navigate('/backoffice/products');
              },
            })
          }
          testId="delete-product-dialog"
        />
      )}
    </>
  );
}

export default function ProductEditorPage() {
  const { id } = useParams();
  const productId = id && /^\d+$/.test(id) ? Number(id) : null;
  const product = useProduct(productId);
  if (id !== undefined && productId === null) {
    return (
      <Container maxWidth="lg">
        <Alert severity="error">There is no product {id}.</Alert>
      </Container>
    );
  }
  if (productId !== null && product.isPending) return <PageLoader label="Loading the product" />;
  if (productId !== null && product.isError) return <LoadError error={product.error} what="product" id={productId} />;
  const data = product.data ?? null;
  return (
    <Container maxWidth="lg">
      <PageHeader
        title={data ? data.name : 'New product'}
        subtitle={
          data?.hidden
            ? 'Hidden from the shop: orders refer to it.'
            : data && data.status !== 'active'
              ? `${STATUS_TEXT[data.status]}: publish it to put it in the shop.`
              : data
                ? undefined
                : 'Saved as a draft: nothing shows in the shop until you publish it.'
        }
        actions={
          data &&
          !data.hidden &&
          data.status === 'active' && (
            <Link
              component={RouterLink}
              to={data.get_absolute_url}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              See it in the shop <OpenInNewIcon fontSize="small" />
            </Link>
          )
        }
      />
      {/* A new key per product: the form starts from the product loaded, not the previous one. */}
      <Editor key={data?.id ?? 'new'} product={data} />
    </Container>
  );
}
