import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/**
 * A figure stored elsewhere that follows a market's VAT regime (the draft orders' TTC): recomputed in the
 * transaction that changes the regime. The modules owning such figures register here; markets never import them.
 */
export type MarketVatFollower = (transaction: Database, marketId: number) => Promise<void>;

export function createMarketVatFollowers() {
  const followers: MarketVatFollower[] = [];
  return {
    register(follower: MarketVatFollower): void {
      followers.push(follower);
    },
    async follow(transaction: Database, marketId: number): Promise<void> {
      for (const follower of followers) {
        await follower(transaction, marketId);
      }
    },
  };
}

export type MarketVatFollowers = ReturnType<typeof createMarketVatFollowers>;

declare module 'fastify' {
  interface FastifyInstance {
    marketVatFollowers: MarketVatFollowers;
  }
}

/** Decorates the app with the followers registry (the markets' routes do it before the orders register). */
export function registerMarketVatFollowers(app: FastifyInstance): MarketVatFollowers {
  const followers = createMarketVatFollowers();
  app.decorate('marketVatFollowers', followers);
  return followers;
}
