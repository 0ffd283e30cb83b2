import type { ArtShape } from './product-art.js';

/** The demo shop: six categories of six products, with colours, sizes, stock and a few reviews. */
export interface DemoProduct {
  name: string;
  shape: ArtShape;
  price: string;
  stock: number;
  colors: string[];
  sizes: string[];
  description: string;
}

export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
  background: [string, string];
  shape: ArtShape;
  products: DemoProduct[];
}

export const COLOURS: Record<string, string> = {
  Red: '#c8553d',
  Blue: '#2f6690',
  Green: '#4f7942',
  Black: '#2d2a26',
  White: '#f4f1ea',
  Yellow: '#e9b949',
  Grey: '#8a8d91',
  Navy: '#22313f',
  Brown: '#8b5a3c',
  Pink: '#e09aa7',
  Orange: '#e07a3f',
  Teal: '#2a9d8f',
};

const CLOTHES = ['S', 'M', 'L', 'XL'];
const SHOES = ['38', '39', '40', '41', '42', '43', '44'];

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Clothing',
    slug: 'clothing',
    description: 'Everyday clothes in soft, hard-wearing fabrics.',
    background: ['#fff3e6', '#f3d9bf'],
    shape: 'shirt',
    products: [
      { name: 'Organic Cotton T-Shirt', shape: 'shirt', price: '19.99', stock: 40, colors: ['Red', 'Blue', 'White'], sizes: CLOTHES, description: 'A soft crew-neck tee in organic cotton that keeps its shape wash after wash.' },
      { name: 'Hooded Sweatshirt', shape: 'shirt', price: '44.50', stock: 25, colors: ['Grey', 'Navy', 'Green'], sizes: CLOTHES, description: 'A warm brushed-fleece hoodie with a roomy front pocket and ribbed cuffs.' },
      { name: 'Denim Jacket', shape: 'jacket', price: '79.00', stock: 12, colors: ['Blue', 'Black'], sizes: CLOTHES, description: 'A classic denim jacket with chest pockets, cut for layering over a sweater.' },
      { name: 'Linen Shirt', shape: 'shirt', price: '39.90', stock: 18, colors: ['White', 'Blue', 'Yellow'], sizes: CLOTHES, description: 'A light, breathable linen shirt for hot summer days.' },
      { name: 'Merino Wool Sweater', shape: 'shirt', price: '69.00', stock: 3, colors: ['Navy', 'Brown'], sizes: CLOTHES, description: 'A fine merino sweater: warm, soft on the skin and never itchy.' },
      { name: 'Packable Rain Jacket', shape: 'jacket', price: '59.95', stock: 20, colors: ['Yellow', 'Red', 'Navy'], sizes: CLOTHES, description: 'A waterproof shell that folds into its own pocket. Taped seams keep the rain out.' },
    ],
  },
  {
    name: 'Footwear',
    slug: 'footwear',
    description: 'Shoes and boots for the city, the trail and the beach.',
    background: ['#eef5ff', '#cfdff2'],
    shape: 'shoe',
    products: [
      { name: 'Canvas Sneakers', shape: 'shoe', price: '49.00', stock: 30, colors: ['White', 'Black', 'Red'], sizes: SHOES, description: 'Light canvas sneakers with a cushioned rubber sole for all-day walking.' },
      { name: 'Trail Running Shoes', shape: 'shoe', price: '99.00', stock: 15, colors: ['Orange', 'Teal'], sizes: SHOES, description: 'Grippy trail runners with a rock plate and a quick-dry mesh upper.' },
      { name: 'Leather Chelsea Boots', shape: 'boot', price: '129.00', stock: 8, colors: ['Brown', 'Black'], sizes: SHOES, description: 'Full-grain leather boots with elastic sides, made to be resoled.' },
      { name: 'Hiking Boots', shape: 'boot', price: '139.50', stock: 10, colors: ['Brown', 'Grey'], sizes: SHOES, description: 'Waterproof hiking boots with ankle support and a deep-lug sole.' },
      { name: 'Slip-On Loafers', shape: 'shoe', price: '59.00', stock: 0, colors: ['Navy', 'Brown'], sizes: SHOES, description: 'Easy slip-on loafers in soft suede, for the office or the weekend.' },
      { name: 'High-Top Sneakers', shape: 'boot', price: '64.90', stock: 22, colors: ['Black', 'White', 'Blue'], sizes: SHOES, description: 'Retro high-tops in durable canvas with a padded collar.' },
    ],
  },
  {
    name: 'Bags',
    slug: 'bags',
    description: 'Backpacks, totes and travel bags that carry everything.',
    background: ['#f0fff4', '#cde8d4'],
    shape: 'backpack',
    products: [
      { name: 'Everyday Backpack', shape: 'backpack', price: '74.00', stock: 20, colors: ['Black', 'Green', 'Navy'], sizes: [], description: 'A 20-litre backpack with a padded laptop sleeve and a water-repellent finish.' },
      { name: 'Canvas Tote Bag', shape: 'tote', price: '24.00', stock: 50, colors: ['White', 'Yellow', 'Teal'], sizes: [], description: 'A sturdy canvas tote for shopping, the beach and the library.' },
      { name: 'Leather Messenger Bag', shape: 'tote', price: '149.00', stock: 6, colors: ['Brown', 'Black'], sizes: [], description: 'A vegetable-tanned leather messenger bag that ages beautifully.' },
      { name: 'Weekend Duffel', shape: 'tote', price: '89.00', stock: 14, colors: ['Navy', 'Grey'], sizes: [], description: 'A roomy duffel with a shoe compartment, for short trips.' },
      { name: 'Hiking Daypack', shape: 'backpack', price: '59.00', stock: 16, colors: ['Orange', 'Blue'], sizes: [], description: 'A light daypack with a hydration sleeve and a ventilated back panel.' },
      { name: 'Laptop Sleeve', shape: 'tote', price: '29.50', stock: 35, colors: ['Grey', 'Pink', 'Black'], sizes: ['13 in', '15 in'], description: 'A felt laptop sleeve with a soft lining that protects against scratches.' },
    ],
  },
  {
    name: 'Home & Kitchen',
    slug: 'home-kitchen',
    description: 'Handmade things for the table, the kitchen and the living room.',
    background: ['#fff8e7', '#f1e0b0'],
    shape: 'mug',
    products: [
      { name: 'Stoneware Mug', shape: 'mug', price: '14.00', stock: 60, colors: ['Blue', 'White', 'Green'], sizes: [], description: 'A hand-glazed stoneware mug that keeps your coffee warm.' },
      { name: 'Ceramic Teapot', shape: 'mug', price: '38.00', stock: 9, colors: ['White', 'Teal'], sizes: [], description: 'A ceramic teapot with a stainless-steel infuser for loose-leaf tea.' },
      { name: 'Table Lamp', shape: 'lamp', price: '85.00', stock: 7, colors: ['Yellow', 'White', 'Black'], sizes: [], description: 'A linen-shade table lamp that gives a warm, soft light.' },
      { name: 'Linen Cushion', shape: 'cushion', price: '27.00', stock: 25, colors: ['Pink', 'Green', 'Grey'], sizes: ['40 cm', '50 cm'], description: 'A washed-linen cushion cover with a hidden zip, filled with feathers.' },
      { name: 'Wool Throw Cushion', shape: 'cushion', price: '32.00', stock: 12, colors: ['Red', 'Navy'], sizes: ['40 cm', '50 cm'], description: 'A chunky knitted wool cushion for the sofa or the reading chair.' },
      { name: 'Desk Lamp', shape: 'lamp', price: '54.00', stock: 11, colors: ['Black', 'Teal'], sizes: [], description: 'An adjustable desk lamp with a warm LED bulb.' },
    ],
  },
  {
    name: 'Accessories',
    slug: 'accessories',
    description: 'Caps, glasses and watches to finish the look.',
    background: ['#f7f0ff', '#dccdf0'],
    shape: 'watch',
    products: [
      { name: 'Baseball Cap', shape: 'cap', price: '22.00', stock: 40, colors: ['Navy', 'Red', 'Green'], sizes: ['S/M', 'L/XL'], description: 'A six-panel cotton cap with an adjustable strap.' },
      { name: 'Wool Cap', shape: 'cap', price: '26.00', stock: 18, colors: ['Grey', 'Brown'], sizes: ['S/M', 'L/XL'], description: 'A warm wool-blend cap for cold mornings.' },
      { name: 'Classic Sunglasses', shape: 'glasses', price: '49.00', stock: 24, colors: ['Black', 'Brown'], sizes: [], description: 'Polarised sunglasses with full UV400 protection and sturdy acetate frames.' },
      { name: 'Round Reading Glasses', shape: 'glasses', price: '29.00', stock: 30, colors: ['Black', 'Teal', 'Pink'], sizes: ['+1.0', '+1.5', '+2.0'], description: 'Light round reading glasses with spring hinges.' },
      { name: 'Field Watch', shape: 'watch', price: '119.00', stock: 9, colors: ['Green', 'Black'], sizes: [], description: 'A rugged field watch with a canvas strap and a clear, easy-to-read dial.' },
      { name: 'Leather Strap Watch', shape: 'watch', price: '149.00', stock: 5, colors: ['Brown', 'Navy'], sizes: [], description: 'A slim dress watch on an Italian leather strap.' },
    ],
  },
  {
    name: 'Outdoor',
    slug: 'outdoor',
    description: 'Gear for camping, hiking and days outside.',
    background: ['#eafaf7', '#c3e6de'],
    shape: 'tent',
    products: [
      { name: 'Insulated Water Bottle', shape: 'bottle', price: '27.50', stock: 45, colors: ['Teal', 'Orange', 'Black'], sizes: ['500 ml', '750 ml'], description: 'A double-walled steel bottle: cold for 24 hours, hot for 12.' },
      { name: 'Two-Person Tent', shape: 'tent', price: '189.00', stock: 6, colors: ['Green', 'Orange'], sizes: [], description: 'A light two-person tent that pitches in five minutes, with a full rain fly.' },
      { name: 'Family Tent', shape: 'tent', price: '329.00', stock: 4, colors: ['Blue'], sizes: [], description: 'A roomy four-person tent with two doors and a large porch.' },
      { name: 'Camping Mug', shape: 'mug', price: '12.50', stock: 55, colors: ['Green', 'Blue', 'Red'], sizes: [], description: 'An enamel camping mug for coffee by the fire.' },
      { name: 'Trail Bottle', shape: 'bottle', price: '15.00', stock: 38, colors: [], sizes: [], description: 'A BPA-free 1-litre bottle with a leak-proof loop cap.' },
      { name: 'Camp Lantern', shape: 'lamp', price: '34.00', stock: 20, colors: [], sizes: [], description: 'A rechargeable LED lantern with three brightness levels and a hanging hook.' },
    ],
  },
];

/** Reviews by the demo people, on products they bought (seeded as paid orders). */
export const DEMO_REVIEWS = [
  { email: 'alice@example.com', product: 'organic-cotton-t-shirt', rating: 5, subject: 'My favourite tee', review: 'Soft, fits well and still looks new after many washes.' },
  { email: 'bruno@example.com', product: 'organic-cotton-t-shirt', rating: 4, subject: 'Good quality', review: 'Nice fabric. I would size down, it runs a little large.' },
  { email: 'alice@example.com', product: 'stoneware-mug', rating: 5, subject: 'Beautiful glaze', review: 'Every mug is a little different. Keeps my tea hot.' },
  { email: 'bruno@example.com', product: 'canvas-sneakers', rating: 4, subject: 'Comfortable', review: 'Light and comfortable for long walks around town.' },
  { email: 'bruno@example.com', product: 'everyday-backpack', rating: 3, subject: 'Fine, a bit small', review: 'Well made, but my 16-inch laptop only just fits.' },
];
