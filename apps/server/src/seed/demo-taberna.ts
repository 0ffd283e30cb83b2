import type { MediaStorage } from '../core/media/media-storage.js';
import { slugify } from '../core/slugify.js';
import { priceCart } from '../taberna/cart-pricing.js';
import { createInvoicesRepository } from '../taberna/invoices.repository.js';
import { centsToDecimal } from '../taberna/money.js';
import { orderNumber } from '../taberna/shop-dates.js';
import { evenShares, skuOf } from '../taberna/variants.repository.js';
import { COLOURS, DEMO_CATEGORIES, DEMO_REVIEWS } from './demo-taberna-content.js';
import { createDemoCatalogueRepository } from './demo-taberna.repository.js';
import { renderProductArt } from './product-art.js';
import type { SeedStep } from './seed-runner.js';

const ACCENT = '#fffaf0';
const DAY = 86_400_000;

/**
 * A demo product's stock per variant (issue 25): shared out evenly, except that a product with
 * four or more variants has its last one sold out (its share goes to the first), so the shop shows
 * a combination that cannot be bought next to ones that can.
 */
export function demoShares(stock: number, count: number): number[] {
  const shares = evenShares(stock, count);
  if (count >= 4) {
    shares[0]! += shares[count - 1]!;
    shares[count - 1] = 0;
  }
  return shares;
}

/** The demo catalogue with pictures drawn at seed time, and a few paid orders with reviews for the demo people. */
export function tabernaDemoStep(media: MediaStorage, taxRateBp = 200): SeedStep {
  return {
    name: 'taberna-demo-catalogue',
    demo: true,
    async run(db) {
      const repo = createDemoCatalogueRepository(db);
      const now = Date.now();
      const productIds = new Map<
        string,
        {
          id: number;
          price: string;
          name: string;
          variations: { id: number; category: string; value: string }[];
          variants: { id: number; colorId: number | null; sizeId: number | null; sku: string }[];
        }
      >();
      for (const [ordering, category] of DEMO_CATEGORIES.entries()) {
        const categoryImage = `store/categories/${category.slug}.webp`;
        await media.put(
          categoryImage,
          await renderProductArt({ shape: category.shape, fill: COLOURS.Teal!, accent: ACCENT, background: category.background }),
          'image/webp',
        );
        const categoryId = await repo.insertCategory({ ...category, image: categoryImage, ordering });
        for (const [position, product] of category.products.entries()) {
          const slug = slugify(product.name);
          const colours = product.colors.length > 0 ? product.colors : ['Grey'];
          const art = (colour: string, zoom = 1) =>
            renderProductArt({
              shape: product.shape,
              fill: COLOURS[colour]!,
              accent: ACCENT,
              background: category.background,
              zoom,
            });
          const image = `store/products/${slug}.webp`;
          await media.put(image, await art(colours[0]!), 'image/webp');
          // Spread over the past weeks so that the newest six are one of each category.
          const createdAt = new Date(now - (position * DEMO_CATEGORIES.length + ordering + 1) * DAY * 0.3);
          const id = await repo.insertProduct({
            categoryId,
            name: product.name,
            slug,
            description: product.description,
            price: product.price,
            image,
            stock: product.stock,
            createdAt,
            updatedAt: createdAt,
          });
          const pictures = [...colours.slice(1).map((colour) => ({ colour, zoom: 1 })), { colour: colours[0]!, zoom: 1.7 }];
          // Each picture tagged with the colour it shows (issue 25); the main one first, as the back office keeps it.
          const colourOf = (colour: string) => (product.colors.includes(colour) ? colour : null);
          const gallery = [{ productId: id, image, position: 0, color: colourOf(colours[0]!) }];
          for (const [index, picture] of pictures.entries()) {
            const key = `store/gallery/${slug}-${index + 1}.webp`;
            await media.put(key, await art(picture.colour, picture.zoom), 'image/webp');
            gallery.push({ productId: id, image: key, position: index + 1, color: colourOf(picture.colour) });
          }
          await repo.insertGallery(gallery);
          const variations = await repo.insertVariations([
            ...product.colors.map((value) => ({ productId: id, category: 'color', value })),
            ...product.sizes.map((value) => ({ productId: id, category: 'size', value })),
          ]);
          const options = (category: string) => {
            const found = variations.filter((v) => v.category === category);
            return found.length > 0 ? found : [null];
          };
          const combos = options('color').flatMap((color) => options('size').map((size) => ({ color, size })));
          const shares = demoShares(product.stock, combos.length);
          const variants = await repo.insertVariants(
            combos.map(({ color, size }, index) => ({
              productId: id,
              colorId: color?.id ?? null,
              sizeId: size?.id ?? null,
              sku: skuOf(id, color?.value ?? null, size?.value ?? null),
              stock: shares[index]!,
            })),
          );
          productIds.set(slug, { id, price: product.price, name: product.name, variations, variants });
        }
      }

      const people = new Map(
        (await repo.accountsByEmail([...new Set(DEMO_REVIEWS.map((r) => r.email))])).map((a) => [a.email, a]),
      );
      for (const [index, review] of DEMO_REVIEWS.entries()) {
        const person = people.get(review.email);
        const product = productIds.get(review.product);
        if (!person || !product) continue;
        const chosen = ['color', 'size'].flatMap((category) =>
          product.variations.filter((v) => v.category === category).slice(0, 1),
        );
        const variant = product.variants.find(
          (v) =>
            v.colorId === (chosen.find((c) => c.category === 'color')?.id ?? null) &&
            v.sizeId === (chosen.find((c) => c.category === 'size')?.id ?? null),
        );
        const price = priceCart([{ unitPrice: product.price, quantity: 1 }], taxRateBp);
        const placedAt = new Date(now - (20 - index) * DAY);
        await repo.insertPaidOrder(
          {
            accountId: person.id,
            firstName: person.firstName,
            lastName: person.lastName,
            phone: '+351912345678',
            phoneVerified: true,
            email: review.email,
            addressLine1: '12 Harbour Street',
            postalCode: '1100-148',
            country: 'Portugal',
            countryCode: 'PT',
            deliveryCountryCode: 'PT',
            state: 'Lisbon',
            city: 'Lisbon',
            subtotal: centsToDecimal(price.subtotalCents),
            tax: centsToDecimal(price.taxCents),
            orderTotal: centsToDecimal(price.totalCents),
            paymentState: 'paid',
            isOrdered: true,
            provider: 'test',
            expiresAt: placedAt,
            createdAt: placedAt,
            updatedAt: placedAt,
          },
          {
            productId: product.id,
            productName: product.name,
            variationIds: chosen.map((v) => v.id).sort((a, b) => a - b),
            variations: chosen.map((v) => ({
              id: v.id,
              variation_category: v.category as 'color' | 'size',
              variation_value: v.value,
            })),
            variantId: variant?.id ?? null,
            sku: variant?.sku ?? '',
            color: chosen.find((v) => v.category === 'color')?.value ?? null,
            size: chosen.find((v) => v.category === 'size')?.value ?? null,
            quantity: 1,
            productPrice: product.price,
            ordered: true,
          },
          (id, at) => orderNumber(at, id),
        );
        const reviewedAt = new Date(placedAt.getTime() + 3 * DAY);
        await repo.insertReview({
          productId: product.id,
          accountId: person.id,
          subject: review.subject,
          review: review.review,
          rating: review.rating,
          createdAt: reviewedAt,
          updatedAt: reviewedAt,
        });
      }
      // Issue 28: paid orders have invoices; these get theirs as orders paid before invoices did.
      await createInvoicesRepository(db).numberPaidOrders();
    },
  };
}
