import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messageResponseSchema } from '../../shared/auth';
import { idParamSchema } from '../../shared/core';
import { PIN_HEADER } from '../../shared/kids';
import { translate } from '../../shared/messages';
import { preferencesUpdateSchema } from '../../shared/preferences';
import {
  deleteAccountRequestSchema,
  MAX_AVATAR_BYTES,
  meResponseSchema,
  profileResponseSchema,
  profileCreateSchema,
  profilesResponseSchema,
  profileUpdateSchema,
  sessionsResponseSchema,
  continueWatchingSchema,
  updateMeRequestSchema,
} from '../../shared/users';
import { endDevice, listDevices } from '../auth/sessions';
import { invalidFields } from '../errors';
import { currentMe, deleteAccount, updateMe } from '../users/account';
import {
  createProfile,
  deleteProfile,
  listOwnProfiles,
  updatePreferences,
  updateProfile,
} from '../users/profiles';
import { requireSelectedProfile } from '../users/selected-profile';
import { continueWatching } from '../users/watch-list';
import type { ApiEnv } from './env';
import { errorResponses, jsonBody, jsonContent } from './openapi';
import { createRouter } from './router';
import { authOf, bearerSecurity, requireLogin } from './session';

/** Refuses an oversized upload while it streams in, before it is buffered and parsed. */
const avatarUploadLimit: MiddlewareHandler<ApiEnv> = bodyLimit({
  maxSize: MAX_AVATAR_BYTES + 64 * 1024,
  onError: () => {
    throw invalidFields({ avatar: 'avatar_too_large' });
  },
});

const multipart = <T>(schema: T) => ({
  body: { required: true, content: { 'multipart/form-data': { schema } } },
});

const getMeRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['me'],
  summary: 'The logged-in user, the profile selected on this device and its favourites',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(meResponseSchema, 'Current user'), ...errorResponses(401) },
});

const updateMeRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['me'],
  summary: "Change the account's name or e-mail address",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(updateMeRequestSchema),
  responses: { 200: jsonContent(meResponseSchema, 'Updated user'), ...errorResponses(401, 403, 422) },
});

const deleteAccountRoute = createRoute({
  method: 'post',
  path: '/delete-account',
  tags: ['me'],
  summary: 'Delete the account with its profiles, devices and history (password required if it has one)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(deleteAccountRequestSchema),
  responses: { 200: jsonContent(messageResponseSchema, 'Deleted'), ...errorResponses(401, 403, 422, 429) },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/sessions',
  tags: ['me'],
  summary: 'Active devices of the account; `current` marks this one',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(sessionsResponseSchema, 'Active devices'), ...errorResponses(401, 403) },
});

const endSessionRoute = createRoute({
  method: 'delete',
  path: '/sessions/{id}',
  tags: ['me'],
  summary: "End a device's session; its token stops working at once",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(sessionsResponseSchema, 'Remaining active devices'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const profilesRoute = createRoute({
  method: 'get',
  path: '/profiles',
  tags: ['me'],
  summary: 'Profiles of the account, the main one first',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: { 200: jsonContent(profilesResponseSchema, 'Profiles'), ...errorResponses(401) },
});

const createProfileRoute = createRoute({
  method: 'post',
  path: '/profiles',
  tags: ['me'],
  summary: 'Add a member profile (at most two besides the main one)',
  security: bearerSecurity,
  middleware: [requireLogin, avatarUploadLimit] as const,
  request: multipart(profileCreateSchema),
  responses: {
    200: jsonContent(profilesResponseSchema, 'All profiles'),
    ...errorResponses(401, 403, 409, 422, 429),
  },
});

const updateProfileRoute = createRoute({
  method: 'post',
  path: '/profiles/{id}',
  tags: ['me'],
  summary: 'Rename a profile or change its picture',
  security: bearerSecurity,
  middleware: [requireLogin, avatarUploadLimit] as const,
  request: { params: idParamSchema, ...multipart(profileUpdateSchema) },
  responses: {
    200: jsonContent(profilesResponseSchema, 'All profiles'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const deleteProfileRoute = createRoute({
  method: 'delete',
  path: '/profiles/{id}',
  tags: ['me'],
  summary: 'Delete a member profile with its favourites and watch list (not the main profile)',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(profilesResponseSchema, 'Remaining profiles'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const preferencesRoute = createRoute({
  method: 'post',
  path: '/preferences',
  tags: ['me'],
  summary:
    "Save the audio and subtitle preferences of this device's profile (what the player's viewer chose)",
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  request: jsonBody(preferencesUpdateSchema),
  responses: {
    200: jsonContent(profileResponseSchema, 'The profile with its preferences'),
    ...errorResponses(401, 409, 422),
  },
});

/** /api/v1/me: every route needs a login (401 without one); the viewer's account, devices and profiles (contract in src/shared/users.ts). */
const continueWatchingRoute = createRoute({
  method: 'get',
  path: '/continue-watching',
  tags: ['me'],
  summary: 'Titles the selected profile started and has not finished, most recent first',
  security: bearerSecurity,
  middleware: [requireLogin] as const,
  responses: {
    200: jsonContent(continueWatchingSchema, 'Where each title stopped'),
    ...errorResponses(401, 409),
  },
});

export const meRoutes = createRouter()
  .openapi(getMeRoute, async (c) => c.json({ me: await currentMe(c.var.ctx, authOf(c)) }, 200))
  .openapi(updateMeRoute, async (c) =>
    c.json({ me: await updateMe(c.var.ctx, authOf(c), c.req.valid('json')) }, 200),
  )
  .openapi(deleteAccountRoute, async (c) => {
    await deleteAccount(c.var.ctx, authOf(c), c.req.valid('json').password);
    return c.json({ message: translate('account_deleted', c.var.locale) }, 200);
  })
  .openapi(sessionsRoute, async (c) => c.json({ sessions: await listDevices(c.var.ctx, authOf(c)) }, 200))
  .openapi(endSessionRoute, async (c) =>
    c.json({ sessions: await endDevice(c.var.ctx, authOf(c), c.req.valid('param').id) }, 200),
  )
  .openapi(profilesRoute, async (c) => c.json({ profiles: await listOwnProfiles(c.var.ctx, authOf(c)) }, 200))
  .openapi(createProfileRoute, async (c) =>
    c.json(
      {
        profiles: await createProfile(c.var.ctx, authOf(c), c.req.valid('form'), c.req.header(PIN_HEADER)),
      },
      200,
    ),
  )
  .openapi(updateProfileRoute, async (c) =>
    c.json(
      {
        profiles: await updateProfile(
          c.var.ctx,
          authOf(c),
          c.req.valid('param').id,
          c.req.valid('form'),
          c.req.header(PIN_HEADER),
        ),
      },
      200,
    ),
  )
  .openapi(deleteProfileRoute, async (c) =>
    c.json(
      {
        profiles: await deleteProfile(
          c.var.ctx,
          authOf(c),
          c.req.valid('param').id,
          c.req.header(PIN_HEADER),
        ),
      },
      200,
    ),
  )
  .openapi(preferencesRoute, async (c) => {
    const auth = authOf(c);
    const profileId = requireSelectedProfile(auth);
    return c.json({ profile: await updatePreferences(c.var.ctx, auth, profileId, c.req.valid('json')) }, 200);
  })
  .openapi(continueWatchingRoute, async (c) =>
    c.json(await continueWatching(c.var.ctx, requireSelectedProfile(authOf(c)), c.var.locale), 200),
  );
