import { z } from '@hono/zod-openapi';
import { idParamSchema } from '../../../shared/core';
import { translate } from '../../../shared/messages';
import {
  artworkParamSchema,
  audioAnswerSchema,
  audioQuerySchema,
  cafeSessionAnswerSchema,
  cafeSessionInputSchema,
  catalogueOptionsSchema,
  mediaJobAnswerSchema,
  mediaJobSchema,
  staffTitlePageSchema,
  staffTitleQuerySchema,
  staffTitleSchema,
  titleAnswerSchema,
  titleInputSchema,
  titleCafeSessionsSchema,
  titleParamSchema,
  videoQuerySchema,
} from '../../../shared/staff-catalogue';
import {
  deleteCafeSession,
  scheduleCafeSession,
  titleCafeSessions,
  updateCafeSession,
} from '../../cafes/sessions-schedule';
import { uploadArtwork } from '../../catalog/artwork-upload';
import {
  catalogueOptions,
  createTitle,
  getStaffTitle,
  listStaffTitles,
  updateTitle,
} from '../../catalog/editing';
import { getMediaJob, uploadAudio, uploadVideo } from '../../media/packaging-jobs';
import { errorResponses, jsonBody, jsonContent } from '../openapi';
import { createRouter } from '../router';
import { staffRoute } from './route';

/**
 * /api/v1/staff/catalogue (role `catalogue`): titles of every kind, their artwork and videos, their
 * cafe sessions (docs/decisions/0031). Uploads are the raw request body, streamed to disk under their own limits.
 */

const binaryBody = (types: readonly string[]) => ({
  body: {
    required: true,
    content: Object.fromEntries(
      types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
    ),
  },
});

const optionsRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/catalogue/options',
  summary: 'The choices of the title form: genres, categories, credit roles, age ratings',
  responses: { 200: jsonContent(catalogueOptionsSchema, 'Choices'), ...errorResponses(401, 403) },
});

const listRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/catalogue/titles',
  summary: 'Titles, newest first, 20 a page, found by words of either title, people or genres',
  request: { query: staffTitleQuerySchema },
  responses: { 200: jsonContent(staffTitlePageSchema, 'Titles'), ...errorResponses(401, 403, 422) },
});

const getRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/catalogue/titles/{id}',
  summary: 'A title as the console edits it, with its videos and uploads',
  request: { params: titleParamSchema },
  responses: { 200: jsonContent(staffTitleSchema, 'The title'), ...errorResponses(401, 403, 404, 422) },
});

const createRouteConfig = staffRoute({
  roles: ['catalogue'],
  method: 'post',
  path: '/catalogue/titles',
  summary: 'Create a title of any kind (audited; viewers see it at once)',
  request: jsonBody(titleInputSchema),
  responses: { 201: jsonContent(titleAnswerSchema, 'Created'), ...errorResponses(401, 403, 422) },
});

const updateRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/catalogue/titles/{id}',
  summary: 'Replace a title (its kind stays); audited with the title before and after',
  request: { params: titleParamSchema, ...jsonBody(titleInputSchema) },
  responses: { 200: jsonContent(titleAnswerSchema, 'Saved'), ...errorResponses(401, 403, 404, 422) },
});

const artworkRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/catalogue/titles/{id}/artwork/{shape}',
  summary: 'Upload the poster or cover (the picture is the body, at most 16 MB)',
  request: {
    params: artworkParamSchema,
    ...binaryBody(['image/jpeg', 'image/png', 'image/webp', 'image/avif']),
  },
  responses: {
    200: jsonContent(titleAnswerSchema, 'Saved'),
    ...errorResponses(401, 403, 404, 413, 422),
  },
});

const videoRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/catalogue/titles/{id}/video',
  summary: 'Upload a source video (the body, streamed to disk); it is packaged into HLS in the background',
  request: {
    params: titleParamSchema,
    query: videoQuerySchema,
    ...binaryBody(['video/mp4', 'application/octet-stream']),
  },
  responses: {
    202: jsonContent(mediaJobAnswerSchema, 'Received; packaging'),
    ...errorResponses(401, 403, 404, 413, 422),
  },
});

const audioRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/catalogue/titles/{id}/audio',
  summary:
    'Upload an extra audio track (a dub, an audio description) before the video that is packaged with it',
  request: {
    params: titleParamSchema,
    query: audioQuerySchema,
    ...binaryBody(['audio/wav', 'audio/mpeg', 'audio/mp4', 'audio/flac', 'application/octet-stream']),
  },
  responses: {
    201: jsonContent(audioAnswerSchema, 'Received; name it in the video upload'),
    ...errorResponses(401, 403, 404, 413, 422),
  },
});

const jobRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/catalogue/media-jobs/{id}',
  summary: 'How far the packaging of an uploaded video is',
  request: { params: idParamSchema },
  responses: { 200: jsonContent(mediaJobSchema, 'The job'), ...errorResponses(401, 403, 404, 422) },
});

const cafeSessionsRoute = staffRoute({
  roles: ['catalogue'],
  method: 'get',
  path: '/catalogue/titles/{id}/cafe-sessions',
  summary: "A title's cafe sessions, and the cafes that may show it",
  request: { params: titleParamSchema },
  responses: {
    200: jsonContent(titleCafeSessionsSchema, 'Sessions'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const scheduleRoute = staffRoute({
  roles: ['catalogue'],
  method: 'post',
  path: '/catalogue/titles/{id}/cafe-sessions',
  summary: 'Schedule a title at a cafe: when, how many seats, the price per seat (audited)',
  request: { params: titleParamSchema, ...jsonBody(cafeSessionInputSchema) },
  responses: {
    201: jsonContent(cafeSessionAnswerSchema, 'Scheduled'),
    ...errorResponses(401, 403, 404, 422),
  },
});

const updateSessionRoute = staffRoute({
  roles: ['catalogue'],
  method: 'put',
  path: '/catalogue/cafe-sessions/{id}',
  summary: 'Change a cafe session (never below the seats held or sold; the cafe only before any booking)',
  request: { params: idParamSchema, ...jsonBody(cafeSessionInputSchema) },
  responses: {
    200: jsonContent(cafeSessionAnswerSchema, 'Saved'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const deleteSessionRoute = staffRoute({
  roles: ['catalogue'],
  method: 'delete',
  path: '/catalogue/cafe-sessions/{id}',
  summary: 'Remove a cafe session nobody has booked',
  request: { params: idParamSchema },
  responses: {
    200: jsonContent(z.object({ message: z.string() }), 'Removed'),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const router = createRouter();
router.openapi(optionsRoute, async (c) => c.json(await catalogueOptions(c.var.ctx), 200));
router.openapi(listRoute, async (c) => c.json(await listStaffTitles(c.var.ctx, c.req.valid('query')), 200));
router.openapi(getRoute, async (c) =>
  c.json(await getStaffTitle(c.var.ctx, c.req.valid('param').id, c.var.locale), 200),
);
router.openapi(createRouteConfig, async (c) => {
  const title = await createTitle(c.var.ctx, c.var.user.id, c.req.valid('json'), c.var.locale);
  return c.json({ message: translate('title_created', c.var.locale), title }, 201);
});
router.openapi(updateRoute, async (c) => {
  const { id } = c.req.valid('param');
  const title = await updateTitle(c.var.ctx, c.var.user.id, id, c.req.valid('json'), c.var.locale);
  return c.json({ message: translate('title_saved', c.var.locale), title }, 200);
});
router.openapi(artworkRoute, async (c) => {
  const { id, shape } = c.req.valid('param');
  await uploadArtwork(c.var.ctx, c.var.user.id, {
    productId: id,
    shape,
    contentType: c.req.header('content-type'),
    contentLength: c.req.header('content-length'),
    body: c.req.raw.body,
  });
  const title = await getStaffTitle(c.var.ctx, id, c.var.locale);
  return c.json({ message: translate('artwork_saved', c.var.locale), title }, 200);
});
router.openapi(videoRoute, async (c) => {
  const query = c.req.valid('query');
  const job = await uploadVideo(c.var.ctx, c.var.user.id, {
    productId: c.req.valid('param').id,
    episodeId: query.episode_id ?? null,
    contentType: c.req.header('content-type'),
    contentLength: c.req.header('content-length'),
    body: c.req.raw.body,
    audio: query.audio?.split(',') ?? [],
    audioLang: query.audio_lang ?? null,
  });
  return c.json({ message: translate('video_received', c.var.locale), job }, 202);
});
router.openapi(audioRoute, async (c) => {
  const query = c.req.valid('query');
  const audio = await uploadAudio(c.var.ctx, {
    productId: c.req.valid('param').id,
    episodeId: query.episode_id ?? null,
    lang: query.lang,
    kind: query.kind,
    contentType: c.req.header('content-type'),
    contentLength: c.req.header('content-length'),
    body: c.req.raw.body,
  });
  return c.json({ message: translate('audio_received', c.var.locale), audio }, 201);
});
router.openapi(jobRoute, async (c) => c.json(await getMediaJob(c.var.ctx, c.req.valid('param').id), 200));

router.openapi(cafeSessionsRoute, async (c) =>
  c.json(await titleCafeSessions(c.var.ctx, c.req.valid('param').id), 200),
);
router.openapi(scheduleRoute, async (c) => {
  const session = await scheduleCafeSession(
    c.var.ctx,
    c.var.user.id,
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return c.json({ message: translate('cafe_session_scheduled', c.var.locale), session }, 201);
});
router.openapi(updateSessionRoute, async (c) => {
  const session = await updateCafeSession(
    c.var.ctx,
    c.var.user.id,
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return c.json({ message: translate('cafe_session_saved', c.var.locale), session }, 200);
});
router.openapi(deleteSessionRoute, async (c) => {
  await deleteCafeSession(c.var.ctx, c.var.user.id, c.req.valid('param').id);
  return c.json({ message: translate('cafe_session_deleted', c.var.locale) }, 200);
});

export const staffCatalogueRoutes = router;
