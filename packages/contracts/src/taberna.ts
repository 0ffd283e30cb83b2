import { z } from 'zod';
import { customerOrderStatusSchema, refundedLineSchema } from './backoffice.js';
import { PHONE_TYPED_MAX } from './phone.js';
import { POSTAL_CODE_MAX } from './postal-code.js';
import { emailField, FIELD_MESSAGES, optionalTextField, pageSizeField, textField } from './fields.js';

/** Contract §2 "ProductGallery", plus the colour it shows (issue 25; null: every colour). */
export const productGallerySchema = z.object({ id: z.number().int(), image: z.string(), color: z.string().nullable() });

/** Contract §2 "Product", plus what the shop's own pages show (slug, stock, rating). */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  get_absolute_url: z.string(),
  description: z.string().nullable(),
  /** Exact decimal as a string with two decimals, e.g. "19.99" (contract §1.9). */
  price: z.string(),
  productgallery: z.array(productGallerySchema),
  stock: z.number().int(),
  is_available: z.boolean(),
  category: z.object({ name: z.string(), slug: z.string() }),
  average_rating: z.number().nullable(),
  reviews_count: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

export const categoryBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  get_absolute_url: z.string(),
});
export type CategoryBrief = z.infer<typeof categoryBriefSchema>;

/** The colours and sizes a category's products come in, for its filter controls (an addition). */
export const categoryFacetsSchema = z.object({ colors: z.array(z.string()), sizes: z.array(z.string()) });

export const categoryWithProductsSchema = categoryBriefSchema.extend({
  products: productListSchema,
  facets: categoryFacetsSchema,
});
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;

export const CATEGORY_SORTS = ['price', '-price', 'newest', 'rating'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

const MAX_PRICE = 1_000_000;
const priceFilter = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Enter a price such as 19.99.' })
  .refine((value) => Number(value) <= MAX_PRICE, { error: `Ensure this value is at most ${MAX_PRICE}.` })
  .optional();
const variationFilter = z
  .string()
  .trim()
  .min(1, { error: FIELD_MESSAGES.blank })
  .max(50, { error: FIELD_MESSAGES.maxLength(50) })
  .optional();

/** Sorting and filters of a category page (all optional; without them: newest first, everything). */
export const categoryQuerySchema = z
  .object({
    sort: z.enum(CATEGORY_SORTS, { error: `Choose one of: ${CATEGORY_SORTS.join(', ')}.` }).optional(),
    min_price: priceFilter,
    max_price: priceFilter,
    color: variationFilter,
    size: variationFilter,
    in_stock: z.enum(['true', 'false'], { error: 'Must be a valid boolean.' }).optional(),
    /**
     * Added (issue 24): the products page on request. Without `page_size` the answer holds every
     * product (contract §8.4); with it, that many, after the product `after` (the last one of the
     * page before) in the page's order. A page shorter than `page_size` is the last.
     */
    page_size: pageSizeField.optional(),
    after: z.coerce
      .number({ error: 'A valid integer is required.' })
      .int({ error: 'A valid integer is required.' })
      .positive({ error: 'A valid integer is required.' })
      .max(2_147_483_647)
      .optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || Number(q.min_price) <= Number(q.max_price), {
    error: 'Ensure this value is not below min_price.',
    path: ['max_price'],
  });
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

export const VARIATION_CATEGORIES = ['color', 'size'] as const;
export type VariationCategory = (typeof VARIATION_CATEGORIES)[number];

export const variationSchema = z.object({
  id: z.number().int(),
  variation_category: z.enum(VARIATION_CATEGORIES),
  variation_value: z.string(),
});
export type Variation = z.infer<typeof variationSchema>;

export const variationChoiceSchema = z.object({ id: z.number().int(), variation_value: z.string() });

export const reviewSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  subject: z.string(),
  review: z.string(),
  rating: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * A combination of colour and size as the shop sells it (issue 25). `price` null: the product's
 * price. A product without colours or sizes has one, with both null.
 */
export const productVariantSchema = z.object({
  color: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string(),
  price: z.string().nullable(),
  in_stock: z.boolean(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** Contract §8.3, plus `can_review` (the caller bought this product) and the variants (issue 25). */
export const productDetailSchema = z.object({
  product: productSchema,
  related_products: productListSchema,
  reviews: z.array(reviewSchema),
  variations: z.object({ colors: z.array(variationChoiceSchema), sizes: z.array(variationChoiceSchema) }),
  can_review: z.boolean(),
  variants: z.array(productVariantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const reviewRequestSchema = z.object({
  subject: textField(100),
  review: optionalTextField(500),
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : 'A valid number is required.') })
    .int({ error: 'Rating must be a whole number from 1 to 5.' })
    .min(1, { error: 'Rating must be a whole number from 1 to 5.' })
    .max(5, { error: 'Rating must be a whole number from 1 to 5.' }),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** Contract §8.5: an empty query answers an object, not a list. */
export const emptyProductSearchSchema = z.object({ products: z.array(productSchema).length(0) });

/** A guest cart id (deviation 3: an unguessable string); the reference's integers are accepted and find nothing. */
export const cartIdField = z
  .union([z.string().max(128, { error: 'cart_id is not a valid cart id.' }), z.number().int()], {
    error: 'cart_id must be a cart id or null.',
  })
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));

export const cartQuerySchema = z.object({ cart_id: cartIdField });

/** The variant a cart line holds (issue 25): `price` is the unit price it sells at. */
export const cartVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  price: z.string(),
  stock: z.number().int(),
});

export const cartItemSchema = z.object({
  id: z.number().int(),
  product: productSchema,
  variations: z.array(variationSchema),
  quantity: z.number().int(),
  is_active: z.boolean(),
  sub_total: z.number(),
  /** Issue 25: the variant, and the picture of its colour (the product's picture when it has none). */
  variant: cartVariantSchema.nullable(),
  image: z.string().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * Issue 28: the discount code applied to a cart or an order and what it takes off the merchandise
 * subtotal. In a cart, `message` says why a code that was applied does not apply now (amount 0).
 */
export const appliedDiscountSchema = z.object({ code: z.string(), amount: z.number(), message: z.string().optional() });
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

export const cartSchema = z.object({
  total: z.number(),
  quantity: z.number().int(),
  tax: z.number(),
  grand_total: z.number(),
  cart_items: z.array(cartItemSchema),
  /** Issue 28: only when asked with a `shipping_rate_id`; then part of `grand_total`. */
  shipping_total: z.number().optional(),
  /** Issue 28: only when a code is applied; `tax` and `grand_total` are after it, `total` before it. */
  discount: appliedDiscountSchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Contract §8.7: `color`, `size` and `cart_id`; other keys are ignored. */
export const addToCartRequestSchema = z.object({
  color: z.string({ error: 'color must be a string.' }).max(50).nullish(),
  size: z.string({ error: 'size must be a string.' }).max(50).nullish(),
  cart_id: cartIdField,
});
export type AddToCartRequest = z.input<typeof addToCartRequestSchema>;

export const addToCartResponseSchema = z.object({ message: z.string(), cart_id: z.string().nullable() });
export type AddToCartResponse = z.infer<typeof addToCartResponseSchema>;

/** A field of the delivery address: its errors name the address, since they show under one key. */
const deliveryText = (label: string, max: number) =>
  z
    .string({ error: `Delivery address: ${label} must be text.` })
    .trim()
    .min(1, { error: `Delivery address: enter the ${label}.`, abort: true })
    .max(max, { error: `Delivery address: the ${label} has more than ${max} characters.` });
const optionalDeliveryText = (label: string, max: number) =>
  z
    .string({ error: `Delivery address: ${label} must be text.` })
    .trim()
    .max(max, { error: `Delivery address: the ${label} has more than ${max} characters.` })
    .nullish()
    .transform((value) => value ?? '');

/** Issue 25: where the parcel goes when it is not the billing address. */
export const shippingAddressSchema = z.object(
  {
    first_name: deliveryText('first name', 50),
    last_name: deliveryText('last name', 50),
    address_line_1: deliveryText('address', 50),
    address_line_2: optionalDeliveryText('second address line', 50),
    postal_code: optionalDeliveryText('postcode', POSTAL_CODE_MAX),
    city: deliveryText('city', 50),
    state: optionalDeliveryText('state or region', 50),
    country: deliveryText('country', 50),
    phone: optionalDeliveryText('phone', PHONE_TYPED_MAX),
  },
  { error: 'Delivery address: send an object with the address, or null.' },
);
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/**
 * Contract §8.10: the billing form. `phone` and `country` are as people write them (the server reads
 * the number with the country, issue 25); `postal_code` and `shipping_address` are additions,
 * optional so that every existing client works as it did.
 */
export const billingFormSchema = z.object({
  first_name: textField(50),
  last_name: textField(50),
  phone: textField(PHONE_TYPED_MAX),
  email: emailField(50),
  address_line_1: textField(50),
  address_line_2: optionalTextField(50),
  postal_code: optionalTextField(POSTAL_CODE_MAX),
  country: textField(50),
  state: textField(50),
  city: textField(50),
  order_note: optionalTextField(100),
  stripe_token: z.string().max(255).nullish(),
  shipping_address: shippingAddressSchema.nullish().transform((value) => value ?? null),
  /** Issue 28: the shipping rate chosen for the delivery country (`GET /taberna-cart/api/shipping-options/`). */
  shipping_rate_id: z
    .number({ error: FIELD_MESSAGES.notInteger })
    .int({ error: FIELD_MESSAGES.notInteger })
    .positive({ error: FIELD_MESSAGES.notInteger })
    .max(2_147_483_647, { error: FIELD_MESSAGES.notInteger })
    .nullish()
    .transform((value) => value ?? null),
});
export type BillingForm = z.input<typeof billingFormSchema>;
export type BillingData = z.output<typeof billingFormSchema>;

/** A delivery address as the shop answers it: the form's fields with the country's ISO code. */
export const deliveryAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  country_code: z.string().nullable(),
  phone: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** What the checkout form starts from (the account's names and the last billing and delivery addresses). */
export const billingDefaultsSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
  country_code: z.string().nullable(),
  shipping_address: deliveryAddressSchema.nullable(),
});
export type BillingDefaults = z.infer<typeof billingDefaultsSchema>;

/** `GET /api/v1/countries/`: every ISO 3166-1 country (issue 25). */
export const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Without the +, e.g. "351"; null for the few places without one of their own. */
  calling_code: z.string().nullable(),
  postal_code_required: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

export const checkoutSessionResponseSchema = z.object({ checkout_url: z.string() });

export const chargeResponseSchema = z.object({
  order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    grand_total: z.number(),
    tax: z.number(),
    status: z.string(),
    total: z.number(),
    quantity: z.number().int(),
    /** Issue 28: only for an order with a shipping rate; part of `grand_total`. */
    shipping_total: z.number().optional(),
    /** Issue 28: only for an order placed with a discount code; `grand_total` is after it. */
    discount: z.object({ code: z.string(), amount: z.number() }).optional(),
  }),
});

export const paymentSessionRequestSchema = z.object({
  stripe_session_id: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .trim()
    .min(1, { error: FIELD_MESSAGES.blank })
    .max(255),
});

export const paymentSuccessResponseSchema = z.object({ message: z.string(), order_number: z.string() });

export const paymentSchema = z.object({
  payment_id: z.string(),
  payment_method: z.string(),
  amount_paid: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** What a line sold (issue 25): the variant with its SKU, colour and size when ordered. */
export const orderVariantSchema = z.object({
  id: z.number().int().nullable(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
});

export const orderProductSchema = z.object({
  id: z.number().int(),
  product: productSchema,
  variations: z.array(variationSchema),
  quantity: z.number().int(),
  product_price: z.number(),
  ordered: z.boolean(),
  variant: orderVariantSchema,
  /** The picture of the colour bought (the product's picture when there is none). */
  image: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  order_note: z.string(),
  order_total: z.number(),
  tax: z.number(),
  status: z.string(),
  ip: z.string(),
  is_ordered: z.boolean(),
  created_at: z.string(),
  payment: paymentSchema.nullable(),
  updated_at: z.string(),
  order_products: z.array(orderProductSchema),
  /**
   * Added by the back office (issue 15). The reference's `status` ("New" ... , which stays "New"
   * after payment) is kept as it was; this is where the order really is.
   */
  order_status: customerOrderStatusSchema,
  /** The tracking note staff gave when they marked it shipped, and when. */
  tracking: z.string().nullable(),
  shipped_at: z.string().nullable(),
  /** Issue 25: the billing postcode, the country's ISO code, and the delivery address when it differs. */
  postal_code: z.string(),
  country_code: z.string().nullable(),
  shipping_address: deliveryAddressSchema.nullable(),
  /**
   * Issue 28: the carrier staff named when they shipped it (null: none named), and the carrier's
   * public tracking page for `tracking` when the carrier is one the shop knows.
   */
  carrier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** Issue 28: the invoice number (`2026-000123`), given when the order was paid; its PDF is at `orders/{order_number}/invoice/`. */
  invoice_number: z.string().nullable(),
  /** Issue 28: only for an order with a shipping rate: its name and price, part of `order_total`. */
  shipping_method: z.string().optional(),
  shipping_total: z.number().optional(),
  /**
   * Issue 28: only for an order with refunds: each one's amount, the lines (`order_products[].id`)
   * and quantities it covered, and when, oldest first. A partly refunded order's `order_status` is `paid`.
   */
  refunds: z.array(z.object({ amount: z.number(), lines: z.array(refundedLineSchema), created_at: z.string() })).optional(),
  /** Issue 28: only for an order placed with a discount code; `order_total` is after it. */
  discount: appliedDiscountSchema.omit({ message: true }).optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * Added (issue 24): the orders page on request. Without `page_size` the answer is every paid order
 * (contract §8.15); with it, that many, older than the order `before` when given (the last one of
 * the page before). A page shorter than `page_size` is the last.
 */
export const orderPageQuerySchema = z.object({
  page_size: pageSizeField.optional(),
  before: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int({ error: 'A valid integer is required.' })
    .positive({ error: 'A valid integer is required.' })
    .max(2_147_483_647)
    .optional(),
});

/** The built-in test checkout page: what is being paid. */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), unit_amount: z.string() })),
  status: z.enum(['open', 'paid', 'declined', 'expired']),
  cancel_url: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/** A card's expiry as people type it: `12/30`, `12 / 30`, `1230`. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/;

export const testCardRequestSchema = z.object({
  card_number: textField(30),
  expiry: textField(9).regex(CARD_EXPIRY_PATTERN, { error: 'Enter the expiry date as MM/YY.' }),
  cvc: textField(4).regex(/^\d{3,4}$/, { error: 'Enter the 3 or 4 digits on the back of the card.' }),
  name: textField(100),
});
export type TestCardRequest = z.input<typeof testCardRequestSchema>;

export const testCardResponseSchema = z.object({ outcome: z.enum(['paid', 'declined']), redirect_url: z.string() });
