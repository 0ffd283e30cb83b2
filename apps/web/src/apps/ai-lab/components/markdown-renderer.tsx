import Markdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';

/**
 * An answer written in Markdown, with code highlighted (highlight.js grammars, bundled). Raw HTML in
 * the answer is never rendered: react-markdown shows it as text, and unsafe link targets are dropped.
 */
export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      rehypePlugins={[[rehypeHighlight, { detect: true }]]}
      components={{
        a: ({ node: _node, children, ...props }) => (
          <a {...props} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        ),
      }}
    >
      {text}
    </Markdown>
  );
}
