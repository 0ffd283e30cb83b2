import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';

/** Copies an answer's Markdown text; says "Copied" for a moment. */
export function CopyAnswerButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? 'Copied' : 'Copy answer';
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        data-testid="copy-answer"
        onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
      >
        {copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** Asks the last question again for a new answer. */
export function RegenerateButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Regenerate answer">
      <IconButton size="small" aria-label="Regenerate answer" data-testid="regenerate-answer" onClick={onClick}>
        <RefreshIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
