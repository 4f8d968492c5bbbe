import enAdminCatalogue from 'virtual:strings/en/adminCatalogue';
import faAdminCatalogue from 'virtual:strings/fa/adminCatalogue';
import enAdminMoney from 'virtual:strings/en/adminMoney';
import faAdminMoney from 'virtual:strings/fa/adminMoney';
import enAward from 'virtual:strings/en/award';
import faAward from 'virtual:strings/fa/award';
import enConsoleShop from 'virtual:strings/en/consoleShop';
import faConsoleShop from 'virtual:strings/fa/consoleShop';
import enConsoleViewers from 'virtual:strings/en/consoleViewers';
import faConsoleViewers from 'virtual:strings/fa/consoleViewers';
import enFinance from 'virtual:strings/en/finance';
import faFinance from 'virtual:strings/fa/finance';
import type { IslandStrings } from './strings';
import { viewerStrings } from './strings-viewer';

/** The staff console's islands: the viewer's namespaces and the console's own. */
export const consoleStrings: IslandStrings = {
  fa: {
    ...viewerStrings.fa,
    adminCatalogue: faAdminCatalogue,
    adminMoney: faAdminMoney,
    award: faAward,
    consoleShop: faConsoleShop,
    consoleViewers: faConsoleViewers,
    finance: faFinance,
  },
  en: {
    ...viewerStrings.en,
    adminCatalogue: enAdminCatalogue,
    adminMoney: enAdminMoney,
    award: enAward,
    consoleShop: enConsoleShop,
    consoleViewers: enConsoleViewers,
    finance: enFinance,
  },
};
