import fc from 'fast-check';

/**
 * What a simulated run does (decision record 0040): a few buyers and a schedule of rounds; the actions
 * of one round run at once (callbacks racing sweeps, staff refunds racing buyers), the rounds one
 * after the other. Faults are actions like any other, drawn from the seed: a callback duplicated, sent
 * late (after a wait) or never (no `return`), out of order (after a sweep settled the payment); an
 * answer lost after the gateway acted; a crash between verify and fulfil. Payments are named by slot:
 * the run's payments in the order they were opened, taken round, so any schedule means something and
 * fast-check can shrink it freely.
 */

export type Product = 'title' | 'screening' | 'subscription' | 'gift' | 'shop' | 'cafe' | 'topup';

export type Action =
  | {
      do: 'buy';
      buyer: number;
      what: Product;
      pay: 'card' | 'wallet' | 'split';
      code: 'open' | 'once' | 'limited' | null;
      /** A double click: the same request sent twice at once. */
      twice: boolean;
    }
  /** Every buyer of the run buys the same thing at the same moment: the last seats, pieces, code uses. */
  | { do: 'rush'; what: Product; pay: 'card' | 'wallet' | 'split'; code: 'limited' | null }
  | { do: 'bank'; slot: number; press: 'pay' | 'cancel' | 'decline' }
  | { do: 'return'; slot: number; copies: number }
  | { do: 'lose'; slot: number; operation: 'verify' | 'reverse' }
  | { do: 'crash'; slot: number }
  | { do: 'look'; slot: number }
  | { do: 'sweep'; instances: 1 | 2 }
  | { do: 'wait'; minutes: number }
  | { do: 'refund'; slot: number; part: 'whole' | 'half' }
  | { do: 'reverse'; slot: number }
  | { do: 'order'; slot: number; by: 'buyer' | 'staff' };

export interface RunPlan {
  buyers: number;
  /** Pieces of the run's goods on the shelf. */
  stock: number;
  /** Rounds of actions; each round's actions run at once, on one instance or the other. */
  rounds: { action: Action; onSibling: boolean }[][];
}

const MAX_BUYERS = 3;
const slot = fc.nat({ max: 7 });

const buy: fc.Arbitrary<Action> = fc.record({
  do: fc.constant('buy' as const),
  buyer: fc.nat({ max: MAX_BUYERS - 1 }),
  what: fc.constantFrom<Product>('title', 'screening', 'subscription', 'gift', 'shop', 'cafe', 'topup'),
  pay: fc.constantFrom('card' as const, 'card' as const, 'wallet' as const, 'split' as const),
  code: fc.constantFrom(null, null, null, 'open' as const, 'once' as const, 'limited' as const),
  twice: fc.constantFrom(false, false, false, true),
});

const rush: fc.Arbitrary<Action> = fc.record({
  do: fc.constant('rush' as const),
  what: fc.constantFrom<Product>('cafe', 'shop', 'title', 'screening', 'gift', 'subscription'),
  pay: fc.constantFrom('card' as const, 'wallet' as const, 'split' as const),
  code: fc.constantFrom(null, 'limited' as const),
});

/** Weighted so that most runs buy, pay and come back, and faults come on top. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: buy, weight: 6 },
  { arbitrary: rush, weight: 2 },
  {
    arbitrary: fc.record({
      do: fc.constant('bank' as const),
      slot,
      press: fc.constantFrom(
        'pay' as const,
        'pay' as const,
        'pay' as const,
        'cancel' as const,
        'decline' as const,
      ),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('return' as const),
      slot,
      copies: fc.integer({ min: 1, max: 3 }),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('lose' as const),
      slot,
      operation: fc.constantFrom('verify' as const, 'reverse' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ do: fc.constant('crash' as const), slot }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('look' as const), slot }), weight: 1 },
  {
    arbitrary: fc.record({
      do: fc.constant('sweep' as const),
      instances: fc.constantFrom(1 as const, 2 as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ do: fc.constant('wait' as const), minutes: fc.constantFrom(1, 2, 10, 25) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('refund' as const),
      slot,
      part: fc.constantFrom('whole' as const, 'half' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ do: fc.constant('reverse' as const), slot }), weight: 2 },
  {
    arbitrary: fc.record({
      do: fc.constant('order' as const),
      slot,
      by: fc.constantFrom('buyer' as const, 'staff' as const),
    }),
    weight: 1,
  },
);

export const runPlan: fc.Arbitrary<RunPlan> = fc.record({
  buyers: fc.integer({ min: 1, max: MAX_BUYERS }),
  stock: fc.integer({ min: 1, max: 2 }),
  rounds: fc.array(fc.array(fc.record({ action, onSibling: fc.boolean() }), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 10,
  }),
});
