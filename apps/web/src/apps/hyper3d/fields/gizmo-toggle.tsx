import { ToggleButton, ToggleButtonGroup } from '@mui/material';

type GizmoMode = 'translate' | 'rotate' | 'scale';
const GIZMOS: [GizmoMode, string][] = [
  ['translate', 'Move'],
  ['rotate', 'Rotate'],
  ['scale', 'Scale'],
];

/** Which handles the gizmo in the view shows: arrows to move, rings to turn, boxes to scale. */
export function GizmoToggle({
  value,
  onChange,
  disabled,
}: {
  value: GizmoMode;
  onChange: (mode: GizmoMode) => void;
  disabled?: boolean;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      disabled={disabled}
      aria-label="Gizmo in the view"
      onChange={(_, mode: GizmoMode | null) => mode && onChange(mode)}
    >
      {GIZMOS.map(([mode, label]) => (
        <ToggleButton key={mode} value={mode}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
