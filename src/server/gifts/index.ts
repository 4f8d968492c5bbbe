/**
 * The public module of gifts/: what other rooms may import (decision record 0038). Every other
 * file of gifts/ is its own business.
 */
export { insertGiftCode } from './codes';
export { type GiftCampaignRow, listGiftCampaigns, listGiftCodes } from './gifts';
