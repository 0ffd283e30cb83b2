import { MenuItem, TextField } from '@mui/material';
import { CARRIERS } from '@portal/contracts';

/** Issue 28: the ship dialog's carrier (a known one gets a tracking link) and tracking number. */
export function ShipFields({
  carrier,
  tracking,
  onCarrier,
  onTracking,
}: {
  carrier: string;
  tracking: string;
  onCarrier(value: string): void;
  onTracking(value: string): void;
}) {
  return (
    <>
      <TextField
        select
        label="Carrier (optional)"
        value={carrier}
        onChange={(event) => onCarrier(event.target.value)}
        helperText="The customer gets a link to the carrier's tracking page"
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'carrier-select' } as object } }}
      >
        <MenuItem value="">
          <em>None or another carrier</em>
        </MenuItem>
        {CARRIERS.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Tracking number (optional)"
        value={tracking}
        onChange={(event) => onTracking(event.target.value)}
        helperText={carrier ? `As ${carrier} gave it` : 'A number, or a note naming the carrier: the customer sees it'}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'tracking-input' } }}
      />
    </>
  );
}
