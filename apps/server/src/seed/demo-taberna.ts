import type { MediaStorage } from '../core/media/media-storage.js';
import { slugify } from '../core/slugify.js';
import { priceCart } from '../taberna/cart-pricing.js';
import { centsToDecimal } from '../taberna/money.js';
import { orderNumber } from '../taberna/shop-dates.js';
import { COLOURS, DEMO_CATEGORIES, DEMO_REVIEWS } from './demo-taberna-content.js';
import { createDemoCatalogueRepository } from './demo-taberna.repository.js';
import { renderProductArt } from './product-art.js';
import type { SeedStep } from './seed-runner.js';

const ACCENT = '#fffaf0';
const DAY = 86_400_000;

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
        { id: number; price: string; name: string; variations: { id: number; category: string; value: string }[] }
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
          const gallery = [];
          for (const [index, picture] of pictures.entries()) {
            const key = `store/gallery/${slug}-${index + 1}.webp`;
            await media.put(key, await art(picture.colour, picture.zoom), 'image/webp');
            gallery.push({ productId: id, image: key, position: index });
          }
          await repo.insertGallery(gallery);
          const variations = await repo.insertVariations([
            ...product.colors.map((value) => ({ productId: id, category: 'color', value })),
            ...product.sizes.map((value) => ({ productId: id, category: 'size', value })),
          ]);
          productIds.set(slug, { id, price: product.price, name: product.name, variations });
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
        const price = priceCart([{ unitPrice: product.price, quantity: 1 }], taxRateBp);
        const placedAt = new Date(now - (20 - index) * DAY);
        await repo.insertPaidOrder(
          {
            accountId: person.id,
            firstName: person.firstName,
            lastName: person.lastName,
            phone: '+1 555 0100',
            email: review.email,
            addressLine1: '12 Harbour Street',
            country: 'Portugal',
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
    },
  };
}
