import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $settings, toggleCartDrawer } from '~/stores/settings';

describe('toggleCartDrawer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toggleCartDrawer(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens and closes the drawer', () => {
    toggleCartDrawer(true);
    expect($settings.get().cartDrawerOpen).toBe(true);
    toggleCartDrawer(false);
    expect($settings.get().cartDrawerOpen).toBe(false);
  });

  it('reverts by itself after the given delay, and not before', () => {
    toggleCartDrawer(true, 3000);
    vi.advanceTimersByTime(2999);
    expect($settings.get().cartDrawerOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect($settings.get().cartDrawerOpen).toBe(false);
  });

  it('reverts a close to open as well', () => {
    toggleCartDrawer(true);
    toggleCartDrawer(false, 500);
    vi.advanceTimersByTime(500);
    expect($settings.get().cartDrawerOpen).toBe(true);
  });

  it('cancels a pending revert when the viewer toggles again', () => {
    toggleCartDrawer(true, 1000);
    vi.advanceTimersByTime(400);
    toggleCartDrawer(true);
    vi.advanceTimersByTime(5000);
    expect($settings.get().cartDrawerOpen).toBe(true);
  });

  it('lets a newer timed toggle replace an older one', () => {
    toggleCartDrawer(true, 1000);
    toggleCartDrawer(true, 3000);
    vi.advanceTimersByTime(1000);
    expect($settings.get().cartDrawerOpen).toBe(true);
    vi.advanceTimersByTime(2000);
    expect($settings.get().cartDrawerOpen).toBe(false);
  });
});
