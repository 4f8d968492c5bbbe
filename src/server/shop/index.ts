/**
 * The public module of shop/: what other rooms may import (decision record 0038). Every other
 * file of shop/ is its own business.
 */
export { goodsArtworkText } from './goods';
export { ownOrders } from './orders';
