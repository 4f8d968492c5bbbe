import { map } from 'nanostores';

export interface MenuEntry {
  href: string;
  title: string;
}

export interface SettingsState {
  menu: MenuEntry[];
  widgets: unknown[];
  cartDrawerOpen: boolean;
}

export const $settings = map<SettingsState>({ menu: [], widgets: [], cartDrawerOpen: false });

let revertTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Opens or closes the cart drawer. With revertAfterMs the drawer goes back by itself (an "added to
 * cart" peek); a later toggle cancels a pending revert so it cannot undo the viewer's own choice.
 */
export function toggleCartDrawer(open: boolean, revertAfterMs?: number): void {
  clearTimeout(revertTimer);
  revertTimer = undefined;
  $settings.setKey('cartDrawerOpen', open);
  if (revertAfterMs !== undefined && revertAfterMs >= 0) {
    revertTimer = setTimeout(() => {
      revertTimer = undefined;
      $settings.setKey('cartDrawerOpen', !open);
    }, revertAfterMs);
  }
}
