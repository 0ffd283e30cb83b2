import { groundFor } from './sketch-palette.js';
import type { PlannedSubject, Subject } from './sketch-prompt.js';
import { howMany, implicit, subject, type Canvas } from './sketch-canvas.js';
import * as shapes from './sketch-shapes.js';
import { GROUND, HORIZON, SIZE, SKY, spot } from './sketch-shapes.js';

/** The sky of a landscape: stars, rainbow, sun or moon, clouds and birds. */
export function drawSky({ plan, random, layers }: Canvas) {
  const night = plan.scene === 'night';
  if (night)
    for (let i = 0; i < 70; i += 1)
      layers.push(
        shapes.circle(
          random.between(0, SIZE),
          random.between(0, HORIZON - 40),
          random.between(1, 3),
          '#ffffff',
          random.between(0.4, 1),
        ),
      );
  const rainbow = subject(plan, 'rainbow');
  if (rainbow) layers.push(shapes.rainbow(random.between(380, 640), HORIZON, 330 * rainbow.scale));
  const sun =
    subject(plan, 'sun') ??
    (['day', 'sunset', 'desert'].includes(plan.scene ?? '') && !subject(plan, 'moon') ? implicit('sun') : undefined);
  if (sun) {
    const y = plan.scene === 'sunset' ? HORIZON - 70 : random.between(150, 260);
    layers.push(
      shapes.sun(random.between(180, 840), y, 80 * sun.scale, sun.colour ?? (plan.scene === 'sunset' ? '#ff7043' : '#ffca28')),
    );
  }
  const moon = subject(plan, 'moon') ?? (night && !subject(plan, 'sun') ? implicit('moon') : undefined);
  if (moon)
    layers.push(shapes.moon(random.between(200, 820), random.between(140, 240), 70 * moon.scale, moon.colour ?? '#fff3c4'));
  const stars = subject(plan, 'star');
  if (stars) {
    for (let i = howMany(random, stars, [6, 10]); i > 0; i -= 1) {
      const at = spot(random, SKY);
      layers.push(
        shapes.star(at.x, at.y, random.between(22, 44) * stars.scale, stars.colour ?? '#ffd54f', random.between(-0.3, 0.3)),
      );
    }
  }
  const clouds = subject(plan, 'cloud') ?? (subject(plan, 'rain') ? implicit('cloud', true) : undefined);
  if (clouds) {
    const colour = clouds.colour ?? (subject(plan, 'rain') ? '#90a4ae' : '#ffffff');
    for (let i = howMany(random, clouds, [3, 4]); i > 0; i -= 1) {
      const at = spot(random, { ...SKY, height: 260 });
      layers.push(shapes.cloud(random, at.x, at.y, random.between(0.8, 1.3) * clouds.scale, colour));
    }
  }
  const birds = subject(plan, 'bird');
  if (birds) {
    for (let i = howMany(random, birds, [4, 7]); i > 0; i -= 1) {
      const at = spot(random, SKY);
      layers.push(shapes.bird(at.x, at.y, random.between(18, 34) * birds.scale, birds.colour ?? (night ? '#cfd8dc' : '#263238')));
    }
  }
}

/** The ground of a landscape: mountains, land, water and what stands on them, far things first. */
export function drawGround({ plan, random, layers }: Canvas) {
  const mountains = subject(plan, 'mountain');
  if (mountains) {
    const count = howMany(random, mountains, [3, 4]);
    const width = (SIZE / count) * 1.5;
    for (let i = 0; i < count; i += 1) {
      const x = (i * SIZE) / count - width * 0.25 + random.between(-40, 40);
      const colour = mountains.colour ?? (plan.scene === 'night' ? '#2c3550' : '#6d7b8d');
      layers.push(
        shapes.mountain(
          x,
          width,
          random.between(220, 380) * mountains.scale,
          colour,
          plan.scene === 'winter' || !mountains.colour,
        ),
      );
    }
  }
  const water = subject(plan, 'water');
  const land = ['tree', 'house', 'flower', 'city'].some((kind) => subject(plan, kind as Subject));
  const waterTop = water ? (land ? HORIZON + 170 : HORIZON) : SIZE;
  layers.push(shapes.rect(0, HORIZON, SIZE, SIZE - HORIZON, groundFor(plan)));
  if (water) {
    const colour = water.colour ?? (plan.scene === 'night' ? '#13315c' : '#1e63d6');
    layers.push(shapes.rect(0, waterTop, SIZE, SIZE - waterTop, colour), shapes.waves(waterTop, '#ffffff', random));
  }
  const city = subject(plan, 'city');
  if (city) {
    let x = random.between(-30, 20);
    while (x < SIZE) {
      const width = random.between(70, 130);
      const colour = city.colour ?? (plan.scene === 'night' ? '#37474f' : '#78909c');
      layers.push(shapes.building(random, x, width, random.between(160, 420) * city.scale, colour, plan.scene === 'night'));
      x += width + random.between(4, 18);
    }
  }
  const fish = subject(plan, 'fish');
  if (fish) {
    const sea = {
      x: 60,
      y: Math.min(waterTop, SIZE - 160) + 50,
      width: SIZE - 120,
      height: Math.max(40, SIZE - Math.min(waterTop, SIZE - 160) - 100),
    };
    for (let i = howMany(random, fish, [4, 7]); i > 0; i -= 1) {
      const at = spot(random, sea);
      layers.push(shapes.fish(at.x, at.y, random.between(26, 44) * fish.scale, fish.colour ?? '#ff8a65', random.next() < 0.5));
    }
  }
  const band = { ...GROUND, height: Math.max(40, Math.min(GROUND.height, waterTop - GROUND.y - 10)) };
  // Everything standing on the ground shares the width in slots, in a seeded order, so nothing piles up.
  const standing: { scale: number; draw: (x: number, y: number, scale: number) => string }[] = [];
  const add = (
    planned: PlannedSubject | undefined,
    several: [number, number],
    draw: (x: number, y: number, scale: number) => string,
  ) => {
    if (planned) for (let i = howMany(random, planned, several); i > 0; i -= 1) standing.push({ scale: planned.scale, draw });
  };
  add(subject(plan, 'house'), [2, 4], (x, y, scale) => shapes.house(x, y, scale, subject(plan, 'house')?.colour ?? '#e57373'));
  add(subject(plan, 'tree'), [6, 10], (x, y, scale) =>
    shapes.tree(random, x, y, scale, subject(plan, 'tree')?.colour ?? '#2e7d32'),
  );
  add(subject(plan, 'flower'), [9, 14], (x, y, scale) =>
    shapes.flower(
      random,
      x,
      y,
      scale * (subject(plan, 'flower')!.plural ? 1 : 2.2),
      subject(plan, 'flower')?.colour ?? random.pick(['#f06292', '#ba68c8', '#ff8a65', '#fff176']),
    ),
  );
  const slots = standing.map((_, index) => index);
  for (let i = slots.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const slotWidth = band.width / Math.max(1, standing.length);
  const placed = standing.map((item, index) => {
    const x = band.x + (slots[index]! + 0.5) * slotWidth + random.between(-0.2, 0.2) * slotWidth;
    const y = standing.length === 1 ? band.y + band.height * 0.6 : random.between(band.y, band.y + band.height);
    return { y, svg: item.draw(x, y, item.scale * (0.75 + (y - band.y) / (band.height * 2 + 1))) };
  });
  layers.push(...placed.sort((a, b) => a.y - b.y).map((item) => item.svg));
}
