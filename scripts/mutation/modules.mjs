// The modules under mutation testing (issue 31): where a silent bug costs money, data or access.
// Each is mutated on its own, against its own tests only (`tests`): a mutant counts as caught only
// when the tests meant for it catch it. `npm run test:mutation -- <name>` runs one.
//
// Pure modules are tested by their unit tests. The database-bound ones (orders, stock, people,
// password reset) by the API test files that exercise them on a real PostgreSQL: their rules are
// SQL, transactions and locks, which no unit test could stand in for.

const server = (file) => `apps/server/${file}`;
const contracts = (file) => `packages/contracts/src/${file}`;

/** @type {{ name: string; what: string; mutate: string[]; tests: string[] }[]} */
export const MODULES = [
  {
    name: 'money',
    what: 'money and cart pricing',
    mutate: [server('src/taberna/money.ts'), server('src/taberna/cart-pricing.ts')],
    tests: [server('src/taberna/money.test.ts'), server('src/taberna/cart-pricing.test.ts')],
  },
  {
    name: 'contract-fields',
    what: 'phone and other contract field rules',
    mutate: [contracts('phone.ts'), contracts('fields.ts')],
    tests: [contracts('phone.test.ts'), contracts('fields.test.ts')],
  },
  {
    name: 'pagination',
    what: 'social pagination',
    mutate: [server('src/social/pagination.ts')],
    tests: [server('src/social/pagination.test.ts')],
  },
  {
    name: 'public-cache',
    what: "the public cache's scopes and keys",
    mutate: [server('src/core/public-cache.ts'), server('src/core/writes.ts')],
    tests: [server('src/core/public-cache.test.ts')],
  },
  {
    name: 'session-cache',
    what: 'the session cache',
    mutate: [server('src/core/session-cache.ts')],
    tests: [server('src/core/session-cache.test.ts')],
  },
  {
    name: 'log-redaction',
    what: 'log redaction',
    mutate: [server('src/core/log-redaction.ts')],
    tests: [server('src/core/log-redaction.test.ts')],
  },
  {
    name: 'write-limits',
    what: 'write limits',
    mutate: [server('src/core/write-limits.ts')],
    tests: [server('src/core/write-limits.test.ts')],
  },
  {
    name: 'orders',
    what: 'order lifecycle and placement',
    mutate: [server('src/taberna/order-lifecycle.ts'), server('src/taberna/order-placement.ts')],
    // Placement prices discount codes, shipping and tax by country, and payment gives the invoice its
    // number: the API tests of those (issue 28) are this module's tests too.
    tests: [
      server('test/taberna-checkout.api.test.ts'),
      server('test/taberna-stripe.api.test.ts'),
      server('test/taberna-concurrency.api.test.ts'),
      server('test/taberna-discounts.api.test.ts'),
      server('test/taberna-shipping-tax.api.test.ts'),
      server('test/taberna-invoices.api.test.ts'),
    ],
  },
  {
    name: 'stock-ledger',
    what: 'stock ledger',
    mutate: [server('src/backoffice/stock.service.ts'), server('src/backoffice/stock.repository.ts')],
    tests: [server('test/backoffice-catalogue.api.test.ts')],
  },
  {
    name: 'people',
    what: 'back-office people service and role rules',
    mutate: [server('src/backoffice/people.service.ts'), server('src/core/auth-user.ts')],
    tests: [server('test/backoffice-people.api.test.ts'), server('src/core/auth-user.test.ts')],
  },
  {
    name: 'password-reset',
    what: 'password reset tokens',
    mutate: [server('src/auth/password-reset.service.ts')],
    tests: [server('test/password-reset.api.test.ts')],
  },
  {
    name: 'activation-tokens',
    what: 'activation tokens',
    mutate: [server('src/auth/activation-token.ts')],
    tests: [server('src/auth/activation-token.test.ts')],
  },
  {
    name: 'jwt',
    what: 'JWT handling',
    mutate: [server('src/auth/jwt.ts')],
    tests: [server('src/auth/jwt.test.ts')],
  },
];

export const moduleNamed = (name) => MODULES.find((module) => module.name === name);
