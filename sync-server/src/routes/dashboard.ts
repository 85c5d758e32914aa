import { CO2E_KG_PER_KG_FOOD, DashboardSchema, KG_PER_MEAL, type Dashboard } from '@foodbridge/shared';
import { dashboardScope, enforce } from '../auth/permissions.ts';
import {
  busiest,
  donationOutcomes,
  kgByFoodType,
  kgByMember,
  kgByMonth,
  missedPickups,
  mostMissed,
  pickupTimeliness,
  totalKg,
  waitingVerification,
  type DashboardScope,
} from '../db/dashboard.ts';
import { impactTotals } from '../db/donations.ts';
import type { Deps } from '../deps.ts';
import { route } from '../http/route.ts';
import { ok } from '../openapi/responses.ts';

/** The caller's role's figures (issue 12). Sequential queries: embedded mode has one connection anyway. */
async function dashboardOf(deps: Deps, scope: DashboardScope): Promise<Dashboard> {
  const sql = deps.sql;
  switch (scope.kind) {
    case 'restaurant': {
      const party = { restaurantId: scope.restaurantId };
      return {
        role: 'restaurant',
        totalKg: await totalKg(sql, party),
        kgByMonth: await kgByMonth(sql, party),
        kgByFoodType: await kgByFoodType(sql, party),
        outcomes: await donationOutcomes(sql, scope.restaurantId),
      };
    }
    case 'charity': {
      const party = { charityId: scope.charityId };
      return {
        role: 'charity',
        totalKg: await totalKg(sql, party),
        kgByMonth: await kgByMonth(sql, party),
        pickups: await pickupTimeliness(sql, scope.charityId),
        missedPickups: await missedPickups(sql, scope.charityId),
        byMember: await kgByMember(sql, scope.charityId, scope.memberId),
      };
    }
    case 'admin': {
      // The same query and rounding as GET /impact (routes/impact.ts), so the admin's totals match the home page's.
      const t = await impactTotals(sql);
      return {
        role: 'admin',
        totals: {
          kgRescued: Math.round(t.kg * 10) / 10,
          meals: Math.round(t.kgInKgUnits / KG_PER_MEAL + t.portions),
          co2eKg: Math.round(t.kg * CO2E_KG_PER_KG_FOOD),
          restaurants: t.restaurants,
          charities: t.charities,
        },
        topRestaurants: await busiest(sql, 'restaurant'),
        topCharities: await busiest(sql, 'charity'),
        mostMissed: await mostMissed(sql),
        waitingVerification: await waitingVerification(sql),
      };
    }
    case 'user':
      return { role: 'user' };
  }
}

export const dashboardRoutes = [
  route(
    {
      method: 'get',
      path: '/dashboard',
      summary: 'The caller’s own figures',
      tags: ['Figures'],
      security: 'bearer',
      responses: { 200: ok('Figures for the caller’s role.', DashboardSchema) },
    },
    async (c, { deps, user }) => {
      const decision = dashboardScope(user);
      enforce(decision);
      // Personal figures: never kept by a shared cache.
      c.header('Cache-Control', 'private, no-store');
      return c.json(await dashboardOf(deps, decision.scope));
    },
  ),
];
