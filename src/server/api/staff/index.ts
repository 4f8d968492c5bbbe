import { createRouter } from '../router';
import { staffAwardRoutes } from './award';
import { staffCatalogueRoutes } from './catalogue';
import { staffChatRoutes } from './chat';
import { staffCommentRoutes } from './comments';
import { staffDashboardRoutes } from './dashboard';
import { staffDiscountRoutes } from './discounts';
import { staffFinanceRoutes } from './finance';
import { staffGiftRoutes } from './gifts';
import { staffGrantRoutes } from './grants';
import { staffInboxRoutes } from './inboxes';
import { staffMarketingRoutes } from './marketing';
import { staffPaymentRoutes } from './payments';
import { staffRoleRoutes } from './roles';
import { staffSettlementRoutes } from './settlement';
import { staffShopRoutes } from './shop';
import { staffViewerRoutes } from './viewers';

/**
 * /api/v1/staff: the staff console's API (issue 17), one router per section. Every operation is
 * declared with staffRoute (./route.ts), which checks the caller's roles.
 */
export const staffRoutes = createRouter()
  .route('/', staffCommentRoutes)
  .route('/', staffChatRoutes)
  .route('/', staffAwardRoutes)
  .route('/', staffPaymentRoutes)
  .route('/', staffDiscountRoutes)
  .route('/', staffGiftRoutes)
  .route('/', staffSettlementRoutes)
  .route('/', staffGrantRoutes)
  .route('/', staffRoleRoutes)
  .route('/', staffDashboardRoutes)
  .route('/', staffInboxRoutes)
  .route('/', staffMarketingRoutes)
  .route('/', staffCatalogueRoutes)
  .route('/', staffShopRoutes)
  .route('/', staffViewerRoutes)
  .route('/', staffFinanceRoutes);
