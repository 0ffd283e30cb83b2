import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';

// The Markdown and highlighting code loads with the first answer, not with the page.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/** Colours of highlighted code, after GitHub's light and dark themes. */
const CODE_COLOURS = {
  light: { keyword: '#cf222e', string: '#0a3069', number: '#0550ae', comment: '#59636e', title: '#6639ba', attr: '#953800' },
  dark: { keyword: '#ff7b72', string: '#a5d6ff', number: '#79c0ff', comment: '#9198a1', title: '#d2a8ff', attr: '#ffa657' },
};

/** An answer of Funny Chat rendered from Markdown; plain text while the renderer loads. */
export function MarkdownAnswer({ text }: { text: string }) {
  return (
    <Box
      data-testid="markdown-answer"
      sx={(theme) => {
        const colours = CODE_COLOURS[theme.palette.mode];
        return {
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p, & ul, & ol, & pre, & blockquote, & table': { my: 1 },
          '& ul, & ol': { pl: 3 },
          '& h1, & h2, & h3, & h4': { fontSize: '1.05rem', fontWeight: 700, my: 1 },
          '& a': { color: 'primary.main' },
          '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
          '& code': {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.875em',
            bgcolor: 'action.hover',
            borderRadius: 0.5,
            px: 0.5,
          },
          '& pre': { bgcolor: 'action.hover', borderRadius: 1.5, p: 1.5, overflowX: 'auto', whiteSpace: 'pre' },
          '& pre code': { bgcolor: 'transparent', p: 0, overflowWrap: 'normal' },
          '& table': { borderCollapse: 'collapse' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
          '& .hljs-keyword, & .hljs-selector-tag, & .hljs-built_in, & .hljs-literal, & .hljs-type': { color: colours.keyword },
          '& .hljs-string, & .hljs-regexp, & .hljs-meta .hljs-string': { color: colours.string },
          '& .hljs-number, & .hljs-variable, & .hljs-attr, & .hljs-symbol': { color: colours.number },
          '& .hljs-comment, & .hljs-quote': { color: colours.comment, fontStyle: 'italic' },
          '& .hljs-title, & .hljs-section, & .hljs-name': { color: colours.title },
          '& .hljs-params, & .hljs-attribute, & .hljs-meta': { color: colours.attr },
        };
      }}
    >
      <Suspense fallback={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>}>
        <MarkdownRenderer text={text} />
      </Suspense>
    </Box>
  );
}
