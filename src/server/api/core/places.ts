import { createRoute } from '@hono/zod-openapi';
import type { Locale } from '../../../lib/locale';
import {
  citiesResponseSchema,
  idParamSchema,
  statesResponseSchema,
  type City,
  type State,
} from '../../../shared/core';
import { listProvinces, provinceWithCities, type City as DomainCity, type Province } from '../../core/places';
import { errorResponses, jsonContent } from '../openapi';
import { createRouter } from '../router';

/** The lists change only with a package upgrade; browsers and CDNs may keep them a day. */
const CACHE_A_DAY = 'public, max-age=86400';

function toState(province: Province, locale: Locale): State {
  const { id, name, enName } = province;
  return { id, name, en_name: enName, title: locale === 'fa' ? name : enName };
}

function toCity(city: DomainCity, locale: Locale): City {
  return { ...toState(city, locale), state_id: city.provinceId, is_capital: city.isCapital };
}

/** Alphabetical in the reader's language, as a select list should be. */
function byTitle<T extends { title: string }>(items: T[], locale: Locale): T[] {
  const collator = new Intl.Collator(locale);
  return items.sort((a, b) => collator.compare(a.title, b.title));
}

const statesRoute = createRoute({
  method: 'get',
  path: '/states',
  tags: ['core'],
  summary: "Iran's 31 provinces, in Persian and English",
  responses: {
    200: jsonContent(statesResponseSchema, 'Provinces, sorted by their name in the request language'),
  },
});

const citiesRoute = createRoute({
  method: 'get',
  path: '/cities/{id}',
  tags: ['core'],
  summary: 'The cities of one province (id from /core/states), in Persian and English',
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(
      citiesResponseSchema,
      'The province and its cities, sorted by name in the request language',
    ),
    ...errorResponses(404, 422),
  },
});

export const placeRoutes = createRouter()
  .openapi(statesRoute, (c) => {
    const locale = c.var.locale;
    c.header('Cache-Control', CACHE_A_DAY);
    c.header('Vary', 'Accept-Language, Accept-Language-site');
    return c.json(
      {
        states: byTitle(
          listProvinces().map((p) => toState(p, locale)),
          locale,
        ),
      },
      200,
    );
  })
  .openapi(citiesRoute, (c) => {
    const locale = c.var.locale;
    const { province, cities } = provinceWithCities(c.req.valid('param').id);
    c.header('Cache-Control', CACHE_A_DAY);
    c.header('Vary', 'Accept-Language, Accept-Language-site');
    return c.json(
      {
        state: toState(province, locale),
        cities: byTitle(
          cities.map((city) => toCity(city, locale)),
          locale,
        ),
      },
      200,
    );
  });
