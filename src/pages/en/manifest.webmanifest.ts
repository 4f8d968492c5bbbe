import type { APIRoute } from 'astro';
import { manifestResponse } from '~/lib/web-app';

export const GET: APIRoute = () => manifestResponse('en');
