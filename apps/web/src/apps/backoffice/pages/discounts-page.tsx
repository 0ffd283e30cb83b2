import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import {
  Alert,
  Box,
  Button,
  Container,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useCallback, useState } from 'react';
import type { Discount } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useDeleteDiscount, useDiscounts } from '../api/discounts';
import { DiscountDialog } from '../components/discount-dialog';
import { usesText, valueText } from '../components/discount-form';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { DeleteRecordDialog, useRecordDialogs } from '../components/record-dialogs';
import { SearchBox } from '../grid/search-box';

const validity = (discount: Discount) =>
  discount.starts_at || discount.ends_at
    ? `${discount.starts_at ? formatDateTime(discount.starts_at) : 'now'} → ${discount.ends_at ? formatDateTime(discount.ends_at) : 'no end'}`
    : 'Always';

/** Issue 28: the shop's discount codes, newest first, a page at a time; create, edit and delete them. */
export default function DiscountsPage() {
  const money = useFormatMoney();
  const [search, setSearch] = useState('');
  // The cursors of the pages before this one, so "Previous" goes back without counting.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? '';
  const discounts = useDiscounts(search, cursor);
  const remove = useDeleteDiscount();
  const dialogs = useRecordDialogs<Discount>(remove);
  const onSearch = useCallback((text: string) => {
    setSearch(text.trim());
    setCursors([]);
  }, []);
  const next = discounts.data?.next ? (new URL(discounts.data.next).searchParams.get('cursor') ?? '') : '';

  return (
    <Container maxWidth="lg">
      <PageHeader
        title="Discounts"
        subtitle="Codes shoppers apply in their cart. A use counts when the order is paid; an unpaid order holds one until it is paid, cancelled or expires."
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <SearchBox label="Search by code" value={search} onSearch={onSearch} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs.edit(null)}>
          New discount code
        </Button>
      </Stack>
      {discounts.isPending ? (
        <PageLoader label="Loading the discount codes" />
      ) : discounts.isError ? (
        <Alert severity="error">The discount codes could not be loaded: {discounts.error.message}</Alert>
      ) : discounts.data.results.length === 0 && !search && cursors.length === 0 ? (
        <EmptyState icon={<LocalOfferIcon />} title="No discount codes yet">
          Create one to give shoppers a percentage or an amount off their order.
        </EmptyState>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ opacity: discounts.isPlaceholderData ? 0.6 : 1 }}>
            <Table size="small" aria-label="Discount codes">
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Discount</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Used</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Valid</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {discounts.data.results.map((discount) => (
                  <TableRow key={discount.id} hover data-testid="discount-row">
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'break-word', maxWidth: { xs: 120, sm: 'none' } }}>
                      {discount.code}
                    </TableCell>
                    <TableCell>
                      {valueText(discount, money)}
                      <Box sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                        {[
                          discount.min_subtotal ? `from ${money(discount.min_subtotal)}` : null,
                          discount.once_per_customer ? 'once per customer' : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Box>
                      <Box sx={{ display: { sm: 'none' }, color: 'text.secondary', fontSize: '0.85rem' }}>
                        {usesText(discount)}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{usesText(discount)}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{validity(discount)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                      <Tooltip title="Edit">
                        <IconButton aria-label={`Edit ${discount.code}`} onClick={() => dialogs.edit(discount)}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton aria-label={`Delete ${discount.code}`} onClick={() => dialogs.confirmDelete(discount)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {discounts.data.results.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>No discount code matches “{search}”.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button disabled={cursors.length === 0} onClick={() => setCursors((all) => all.slice(0, -1))}>
              Previous
            </Button>
            <Button disabled={!next} onClick={() => setCursors((all) => [...all, next])}>
              Next
            </Button>
          </Stack>
        </>
      )}
      {dialogs.editing !== undefined && <DiscountDialog discount={dialogs.editing} onClose={dialogs.close} />}
      <DeleteRecordDialog
        record={dialogs.deleting}
        remove={remove}
        title={(discount) => `Delete ${discount?.code ?? ''}?`}
        text="Carts holding the code lose it; orders placed with it keep their discount. This cannot be undone."
        deleted={(discount) => `Discount code ${discount.code} deleted.`}
        onClose={dialogs.close}
        testId="delete-discount-dialog"
      />
    </Container>
  );
}
