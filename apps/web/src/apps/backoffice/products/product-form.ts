import type { BoProduct, BoProductCreate, BoProductUpdate, ProductStatus } from '@portal/contracts';

/**
 * The product editor's fields as typed (strings, as inputs hold them). Stock is not one of them
 * (issue 25): it is set per variant, in the variants' grid.
 */
export interface ProductForm {
  name: string;
  categoryId: string;
  price: string;
  description: string;
  colors: string[];
  sizes: string[];
  isAvailable: boolean;
  /** A new product starts as a draft: out of the shop until it is published. */
  status: ProductStatus;
}

export type ProductFormErrors = Partial<Record<keyof ProductForm, string>>;

export const EMPTY_PRODUCT_FORM: ProductForm = {
  name: '',
  categoryId: '',
  price: '',
  description: '',
  colors: [],
  sizes: [],
  isAvailable: true,
  status: 'draft',
};

export function formOf(product: BoProduct): ProductForm {
  return {
    name: product.name,
    categoryId: String(product.category.id),
    price: product.price,
    description: product.description,
    colors: product.colors,
    sizes: product.sizes,
    isAvailable: product.is_available,
    status: product.status,
  };
}

/** "19.9", " 19.90 ", "19" → "19.90"; anything else is left for the check to refuse. */
export function normalPrice(text: string): string {
  const trimmed = text.trim().replace(',', '.');
  return /^\d{1,7}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed).toFixed(2) : trimmed;
}

/** Colours and sizes typed by hand: trimmed, empty ones dropped, each once (whatever its case). */
export function cleanList(values: string[]): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const value of values.map((v) => v.trim())) {
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    list.push(value);
  }
  return list;
}

/** What the browser can tell before asking the server (which checks again, and words the rest). */
export function checkProductForm(form: ProductForm): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (!form.name.trim()) errors.name = 'Enter the product’s name.';
  if (!form.categoryId) errors.categoryId = 'Choose a category.';
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(form.price.trim().replace(',', '.'))) errors.price = 'Enter a price such as 19.90.';
  return errors;
}

export function createRequest(form: ProductForm): BoProductCreate {
  return {
    category_id: Number(form.categoryId),
    name: form.name.trim(),
    price: normalPrice(form.price),
    description: form.description.trim(),
    colors: cleanList(form.colors),
    sizes: cleanList(form.sizes),
    is_available: form.isAvailable,
    status: form.status,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Only what changed, so saving a price does not also rewrite the colours (and their variants). */
export function updateRequest(product: BoProduct, form: ProductForm): BoProductUpdate {
  const next = createRequest(form);
  const changes: BoProductUpdate = {};
  if (next.category_id !== product.category.id) changes.category_id = next.category_id;
  if (next.name !== product.name) changes.name = next.name;
  if (next.price !== normalPrice(product.price)) changes.price = next.price;
  if (next.description !== product.description) changes.description = next.description;
  if (!sameList(next.colors ?? [], product.colors)) changes.colors = next.colors;
  if (!sameList(next.sizes ?? [], product.sizes)) changes.sizes = next.sizes;
  if (next.is_available !== product.is_available) changes.is_available = next.is_available;
  if (next.status !== product.status) changes.status = next.status;
  return changes;
}

/** The server's field names → the form's. */
export const SERVER_FIELDS: Record<string, keyof ProductForm> = {
  name: 'name',
  category_id: 'categoryId',
  price: 'price',
  description: 'description',
  colors: 'colors',
  sizes: 'sizes',
  is_available: 'isAvailable',
  status: 'status',
};

/** A new order of the pictures after moving one of them by `step` (-1 earlier, +1 later). */
export function movedIds(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
