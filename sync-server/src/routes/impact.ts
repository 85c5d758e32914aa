import { CO2E_KG_PER_KG_FOOD, ImpactSchema, KG_PER_MEAL, type Impact } from '@foodbridge/shared';
import { impactTotals } from '../db/donations.ts';
import { route } from '../http/route.ts';
import { ok } from '../openapi/responses.ts';

/** How long the figures may be served from a cache: they move with pickups, not by the second. */
const IMPACT_MAX_AGE_SECONDS = 60;

/**
 * The platform's impact, from recorded pickups only (never invented): kilograms rescued, meals (kilograms in kg-unit
 * donations over KG_PER_MEAL, plus portions as entered), CO2e avoided, and how many restaurants gave and charities
 * collected. Public.
 */
export const impactRoutes = [
  route(
    {
      method: 'get',
      path: '/impact',
      summary: 'Platform impact from recorded pickups',
      tags: ['Figures'],
      security: 'none',
      responses: { 200: ok('Kilograms, meals, CO2e, restaurants and charities.', ImpactSchema) },
    },
    async (c, { deps }) => {
      const t = await impactTotals(deps.sql);
      c.header('Cache-Control', `public, max-age=${IMPACT_MAX_AGE_SECONDS}`);
      return c.json({
        kgRescued: Math.round(t.kg * 10) / 10,
        meals: Math.round(t.kgInKgUnits / KG_PER_MEAL + t.portions),
        co2eKg: Math.round(t.kg * CO2E_KG_PER_KG_FOOD),
        restaurants: t.restaurants,
        charities: t.charities,
      } satisfies Impact);
    },
  ),
];
