import { createRoute } from '@hono/zod-openapi';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { idParamSchema } from '../../shared/core';
import { translate } from '../../shared/messages';
import {
  checkTicketQuerySchema,
  ipResponseSchema,
  messageSchema,
  ownTicketsQuerySchema,
  ownTicketsSchema,
  playerReportSchema,
  playInfoSchema,
  playQuerySchema,
  playRefusalSchema,
  previewQuerySchema,
  saveWatchTimeSchema,
  ticketCheckSchema,
  ticketParamSchema,
  ticketPlayQuerySchema,
  watchTimeSavedSchema,
  type PlayQuery,
} from '../../shared/playback';
import { authenticate, bearerToken, type Authenticated } from '../auth/sessions';
import { defineRateLimit } from '../core/rate-limit';
import { DomainError, type ErrorCode } from '../errors';
import type { Denial } from '../playback/access';
import { getPlayInfo, getPreviewInfo, type PlayResult, type PlayViewer } from '../playback/play-info';
import { reportPlayerProblem } from '../playback/reports';
import {
  authenticateTicketSession,
  checkTicket,
  listOwnTickets,
  type TicketSessionRow,
} from '../playback/tickets';
import { saveWatchTime } from '../playback/watch-time';
import type { ApiEnv } from './env';
import { rateLimit } from './middleware';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

/** Who is asking: an account's session, the limited session a ticket opened, or nobody. */
interface ViewerEnv {
  Variables: { auth: Authenticated | null; ticketSession: TicketSessionRow | null };
}

/**
 * Play calls accept either kind of bearer token; one that is sent must be live (401 otherwise). The
 * limited ticket token is looked up only here, so it never opens /me or anything else.
 */
const identifyViewer: MiddlewareHandler<ApiEnv & ViewerEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  c.set('auth', null);
  c.set('ticketSession', null);
  if (header) {
    const token = bearerToken(header);
    const auth = token ? await authenticate(c.var.ctx, token) : null;
    const ticketSession = token && !auth ? await authenticateTicketSession(c.var.ctx, token) : null;
    if (!auth && !ticketSession) throw new DomainError('unauthenticated');
    c.set('auth', auth);
    c.set('ticketSession', ticketSession);
  }
  await next();
};

/**
 * What kind of refusal each denial is; its message (the denial's own key) and the bodies the player maps
 * to its error screens. The status comes from the one error mapping (http-errors.ts).
 */
const refusals: Record<Exclude<Denial, 'no_media'>, ErrorCode> = {
  unauthenticated: 'unauthenticated',
  needs_access: 'payment_required',
  not_in_region: 'forbidden',
  not_available_now: 'forbidden',
  plans_not_available: 'forbidden',
  ticket_invalid: 'forbidden',
  ticket_used: 'forbidden',
  ticket_expired: 'forbidden',
  ticket_wrong_network: 'forbidden',
  screening_ended: 'gone',
  screening_not_started: 'too_early',
};

function playResponse<E extends ApiEnv, P extends string, I extends Input>(
  c: Context<E, P, I>,
  result: PlayResult,
): Response {
  if (result.ok) return c.json(result.info, 200);
  // "Movie currently not available": nothing to play, said by the status alone (SPEC §8).
  if (result.denial === 'no_media') return c.body(null, 204);
  throw new DomainError(refusals[result.denial], result.ask ?? result.denial, {
    extra: {
      ...(result.denial === 'needs_access' ? { plans: true } : {}),
      ...(result.startsAt ? { starts_at: result.startsAt.toISOString() } : {}),
    },
  });
}

const playResponses = {
  200: jsonContent(playInfoSchema, 'What the player needs'),
  204: { description: 'No playable media: "movie currently not available"' },
  402: jsonContent(playRefusalSchema, 'A subscription, purchase or ticket would give access (`plans: true`)'),
  410: jsonContent(playRefusalSchema, 'The screening has ended'),
  425: jsonContent(playRefusalSchema, 'The screening has not started (`starts_at`)'),
  ...errorResponses(401, 403, 404, 422, 429),
};

function playRoute(path: string, live: boolean) {
  return createRoute({
    method: 'get',
    path,
    tags: ['playback'],
    summary: live
      ? 'Play a screening live (every viewer at the same moment)'
      : 'Play a title (a series: the episode the profile is at, or ?episode)',
    security: bearerSecurity,
    middleware: [identifyViewer] as const,
    request: { params: idParamSchema, query: playQuerySchema },
    responses: playResponses,
  });
}

function ticketPlayRoute(path: string, live: boolean) {
  return createRoute({
    method: 'get',
    path,
    tags: ['playback'],
    summary: live
      ? 'Play the screening of a ticket code live'
      : "Play with a ticket code: its screening, or its festival's first title",
    security: bearerSecurity,
    middleware: [identifyViewer] as const,
    request: { query: ticketPlayQuerySchema },
    responses: playResponses,
  });
}

const ipRoute = createRoute({
  method: 'get',
  path: '/core/ip',
  tags: ['playback'],
  summary: "The caller's address as this server sees it (the default streaming-IP lookup)",
  responses: { 200: jsonContent(ipResponseSchema, 'Address') },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/play-preview-info/{id}',
  tags: ['playback'],
  summary: "A title's trailer, for anyone (but a kids profile, for a title above its rating)",
  security: bearerSecurity,
  middleware: [identifyViewer] as const,
  request: { params: idParamSchema, query: previewQuerySchema },
  responses: {
    200: jsonContent(playInfoSchema, 'The trailer (`preview: true`)'),
    204: { description: 'The title has no trailer' },
    ...errorResponses(401, 403, 404, 422),
  },
});

function checkTicketRoute(live: boolean) {
  return createRoute({
    method: 'get',
    path: live ? '/check-live-ticket/{code}' : '/check-ticket/{code}',
    tags: ['playback'],
    summary: live ? 'Whether a screening ticket would play, without using it' : 'Whether a ticket would play',
    security: bearerSecurity,
    middleware: [identifyViewer] as const,
    request: { params: ticketParamSchema, query: checkTicketQuerySchema },
    responses: {
      200: jsonContent(ticketCheckSchema, 'Status of the ticket'),
      ...errorResponses(401, 404, 422, 429),
    },
  });
}

const ownTicketsRoute = createRoute({
  method: 'get',
  path: '/me/tickets',
  tags: ['playback'],
  summary: "The account's tickets, newest first (optionally of one title), each with its status",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { query: ownTicketsQuerySchema },
  responses: { 200: jsonContent(ownTicketsSchema, 'Tickets'), ...errorResponses(401, 422) },
});

const saveWatchTimeRoute = createRoute({
  method: 'post',
  path: '/core/save-watch-time',
  tags: ['playback'],
  summary: 'Where the selected profile is in a title; near the end counts as watched',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(saveWatchTimeSchema),
  responses: {
    200: jsonContent(watchTimeSavedSchema, 'Saved'),
    ...errorResponses(401, 404, 409, 422),
  },
});

/** Reports are free text for the support team: a few per address are plenty. */
const PLAYER_REPORT_LIMIT = defineRateLimit({ name: 'player-report', limit: 5, windowSeconds: 600 });

const playerReportRoute = createRoute({
  method: 'post',
  path: '/core/player-report',
  tags: ['playback'],
  summary: 'Report a playback problem (login optional)',
  security: bearerSecurity,
  middleware: [rateLimit(PLAYER_REPORT_LIMIT), identifyViewer] as const,
  request: jsonBody(playerReportSchema),
  responses: {
    201: jsonContent(messageSchema, 'Stored; a translated thank-you'),
    ...errorResponses(401, 404, 422, 429),
  },
});

function viewerOf<P extends string, I extends Input>(c: Context<ApiEnv & ViewerEnv, P, I>): PlayViewer {
  const { auth, ticketSession, clientAddress, locale } = c.var;
  return { auth, ticketSession, clientAddress, locale };
}

function playRequest(query: PlayQuery, productId: number | null, live: boolean) {
  return {
    productId,
    episodeId: query.episode ?? null,
    ticketCode: query.using_ticket ?? null,
    streamingIp: query.streaming_ip ?? null,
    live,
  };
}

const router = createRouter()
  .openapi(ipRoute, (c) => c.json({ ip: c.var.clientAddress }, 200))
  .openapi(previewRoute, async (c) =>
    playResponse(
      c,
      await getPreviewInfo(
        c.var.ctx,
        c.req.valid('param').id,
        c.var.locale,
        c.var.auth?.session.profileId ?? null,
      ),
    ),
  )
  .openapi(ownTicketsRoute, async (c) =>
    c.json(
      await listOwnTickets(c.var.ctx, authOf(c).user.id, c.req.valid('query').product_id, c.var.locale),
      200,
    ),
  )
  .openapi(saveWatchTimeRoute, async (c) =>
    c.json(await saveWatchTime(c.var.ctx, authOf(c), c.req.valid('json')), 200),
  )
  .openapi(playerReportRoute, async (c) => {
    await reportPlayerProblem(
      c.var.ctx,
      { userId: c.var.auth?.user.id ?? null, clientAddress: c.var.clientAddress },
      c.req.valid('json'),
    );
    return c.json({ message: translate('player_report_received', c.var.locale) }, 201);
  });

for (const live of [false, true]) {
  const base = live ? '/live-play-info' : '/play-info';
  router
    .openapi(playRoute(`${base}/{id}`, live), async (c) => {
      const request = playRequest(c.req.valid('query'), c.req.valid('param').id, live);
      return playResponse(c, await getPlayInfo(c.var.ctx, viewerOf(c), request));
    })
    .openapi(ticketPlayRoute(base, live), async (c) => {
      const request = playRequest(c.req.valid('query'), null, live);
      return playResponse(c, await getPlayInfo(c.var.ctx, viewerOf(c), request));
    })
    .openapi(checkTicketRoute(live), async (c) => {
      const { streaming_ip } = c.req.valid('query');
      const who = {
        userId: c.var.auth?.user.id ?? null,
        clientAddress: c.var.clientAddress,
        streamingIp: streaming_ip ?? null,
      };
      return c.json(await checkTicket(c.var.ctx, c.req.valid('param').code, who, live, c.var.locale), 200);
    });
}

/** /api/v1 play calls, tickets, watch time and player reports (contract in src/shared/playback.ts). */
export const playbackRoutes = router;
