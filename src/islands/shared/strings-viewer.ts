import enAccount from 'virtual:strings/en/account';
import faAccount from 'virtual:strings/fa/account';
import enAdmin from 'virtual:strings/en/admin';
import faAdmin from 'virtual:strings/fa/admin';
import enAuth from 'virtual:strings/en/auth';
import faAuth from 'virtual:strings/fa/auth';
import enCafes from 'virtual:strings/en/cafes';
import faCafes from 'virtual:strings/fa/cafes';
import enCatalog from 'virtual:strings/en/catalog';
import faCatalog from 'virtual:strings/fa/catalog';
import enCommerce from 'virtual:strings/en/commerce';
import faCommerce from 'virtual:strings/fa/commerce';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import enGifts from 'virtual:strings/en/gifts';
import faGifts from 'virtual:strings/fa/gifts';
import enNotFound from 'virtual:strings/en/notFound';
import faNotFound from 'virtual:strings/fa/notFound';
import enShop from 'virtual:strings/en/shop';
import faShop from 'virtual:strings/fa/shop';
import type { IslandStrings } from './strings';

/** What the viewer's islands (account, login, purchases, wallet, shop, cafes, gifts) show. */
export const viewerStrings: IslandStrings = {
  fa: {
    account: faAccount,
    admin: faAdmin,
    auth: faAuth,
    cafes: faCafes,
    catalog: faCatalog,
    commerce: faCommerce,
    errors: faErrors,
    gifts: faGifts,
    notFound: faNotFound,
    shop: faShop,
  },
  en: {
    account: enAccount,
    admin: enAdmin,
    auth: enAuth,
    cafes: enCafes,
    catalog: enCatalog,
    commerce: enCommerce,
    errors: enErrors,
    gifts: enGifts,
    notFound: enNotFound,
    shop: enShop,
  },
};
