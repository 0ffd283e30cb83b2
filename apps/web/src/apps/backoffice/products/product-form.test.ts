import { describe, expect, it } from 'vitest';
import type { BoProduct } from '@portal/contracts';
import {
  checkProductForm,
  cleanList,
  createRequest,
  EMPTY_PRODUCT_FORM,
  formOf,
  movedIds,
  normalPrice,
  updateRequest,
} from './product-form';

const PRODUCT: BoProduct = {
  id: 7,
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  get_absolute_url: '/taberna-store/category/clothing/linen-shirt',
  category: { id: 2, name: 'Clothing' },
  price: '39.90',
  stock: 12,
  low_stock: false,
  is_available: true,
  hidden: false,
  status: 'active',
  image: null,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  description: 'Cool in summer.',
  colors: ['White', 'Sand'],
  sizes: ['S', 'M'],
  images: [],
  orders_count: 0,
};

describe('the product editor form', () => {
  it('turns typed fields into the create request', () => {
    const form = {
      ...EMPTY_PRODUCT_FORM,
      name: '  Rain Jacket ',
      categoryId: '3',
      price: '59,5',
      colors: [' Olive', 'olive', '', 'Navy'],
      sizes: ['M', 'L'],
    };
    expect(checkProductForm(form)).toEqual({});
    expect(createRequest(form)).toEqual({
      category_id: 3,
      name: 'Rain Jacket',
      price: '59.50',
      description: '',
      colors: ['Olive', 'Navy'],
      sizes: ['M', 'L'],
      is_available: true,
      status: 'draft',
    });
  });

  it('refuses what the server would, in plain words', () => {
    expect(checkProductForm({ ...EMPTY_PRODUCT_FORM, price: '19.999' })).toEqual({
      name: 'Enter the product’s name.',
      categoryId: 'Choose a category.',
      price: 'Enter a price such as 19.90.',
    });
  });

  it('sends only what changed', () => {
    const form = formOf(PRODUCT);
    expect(updateRequest(PRODUCT, form)).toEqual({});
    expect(updateRequest(PRODUCT, { ...form, price: '42', sizes: ['S', 'M', 'L'] })).toEqual({
      price: '42.00',
      sizes: ['S', 'M', 'L'],
    });
    expect(updateRequest(PRODUCT, { ...form, status: 'archived', isAvailable: false, categoryId: '4' })).toEqual({
      status: 'archived',
      is_available: false,
      category_id: 4,
    });
  });

  it('normalises prices and lists', () => {
    expect(normalPrice('19.9')).toBe('19.90');
    expect(normalPrice(' 7 ')).toBe('7.00');
    expect(normalPrice('abc')).toBe('abc');
    expect(cleanList(['A', ' a ', 'B'])).toEqual(['A', 'B']);
  });

  it('moves a picture one place, and not past either end', () => {
    expect(movedIds([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(movedIds([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(movedIds([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(movedIds([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});
