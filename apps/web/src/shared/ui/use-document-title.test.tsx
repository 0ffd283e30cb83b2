import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle, usePageTitle } from './use-document-title';

function Page({ name }: { name?: string }) {
  usePageTitle(name);
  return null;
}

function Layout({ name, showPage = true }: { name?: string; showPage?: boolean }) {
  useDocumentTitle('Product', 'Taberna E-com');
  return showPage ? <Page name={name} /> : null;
}

describe('page titles', () => {
  it('use the route title until the page names its thing, and again when the page goes', () => {
    const view = render(<Layout />);
    expect(document.title).toBe('Product | Taberna E-com');
    view.rerender(<Layout name="Organic Cotton T-Shirt" />);
    expect(document.title).toBe('Organic Cotton T-Shirt | Taberna E-com');
    view.rerender(<Layout name="Denim Jacket" />);
    expect(document.title).toBe('Denim Jacket | Taberna E-com');
    view.rerender(<Layout showPage={false} />);
    expect(document.title).toBe('Product | Taberna E-com');
  });

  it('wins over the layout on the first render too (children’s effects run first)', () => {
    render(<Layout name="Clothing" />);
    expect(document.title).toBe('Clothing | Taberna E-com');
  });
});
