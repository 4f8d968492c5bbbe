import { cafeSeatKind } from './cafes/kind';
import { giftCardKind } from './gifts/kind';
import { productKinds, type ProductKinds } from './commerce/kinds';
import { subscriptionKind } from './commerce/subscription-kind';
import { titleKind } from './commerce/title-kind';
import { shopOrderKind } from './shop/kind';

/**
 * Every product kind the application sells, registered once as the application context is composed
 * (decision record 0036). A new kind writes its ProductKind in its own module and is added here;
 * commerce itself does not change.
 */
export function registeredKinds(): ProductKinds {
  return productKinds([titleKind, subscriptionKind, giftCardKind, shopOrderKind, cafeSeatKind]);
}
