import { Chip } from '@mui/material';

/** In stock, only a few left, or sold out. */
export function StockState({ stock, available = true }: { stock: number; available?: boolean }) {
  if (!available || stock <= 0)
    return <Chip label="Out of stock" color="default" size="small" variant="outlined" data-testid="stock-state" />;
  if (stock <= 5)
    return (
      // Dark text: white on the warning orange is too faint to read.
      <Chip
        label={`Only ${stock} left`}
        color="warning"
        size="small"
        sx={{ color: 'rgba(0, 0, 0, 0.87)', fontWeight: 600 }}
        data-testid="stock-state"
      />
    );
  return <Chip label="In stock" color="success" size="small" variant="outlined" data-testid="stock-state" />;
}
