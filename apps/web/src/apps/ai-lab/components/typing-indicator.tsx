import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-4px); opacity: 1; }
`;

/** Three bouncing dots while an answer is being written. */
export function TypingIndicator({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      data-testid="typing-indicator"
      sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', py: 0.75, verticalAlign: 'middle' }}
    >
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          sx={{
            width: 7,
            height: 7,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${bounce} 1.2s ${dot * 0.15}s infinite ease-in-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      ))}
    </Box>
  );
}
