import { createRouter } from '../router';
import { avatarRoutes } from './avatars';
import { captchaRoutes } from './captcha';
import { configRoutes } from './config';
import { contactRoutes } from './contact';
import { giftRoutes } from './gifts';
import { placeRoutes } from './places';

/** /api/v1/core: site configuration, location, places, avatars, captcha, the contact form and gifts. */
export const coreRoutes = createRouter()
  .route('/', configRoutes)
  .route('/', placeRoutes)
  .route('/', avatarRoutes)
  .route('/', captchaRoutes)
  .route('/', contactRoutes)
  .route('/', giftRoutes);
