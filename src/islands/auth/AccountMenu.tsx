import type { $Fetch } from 'ofetch';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountLinks } from '~/lib/header';
import { localPath, type Locale } from '~/lib/locale';
import type { Me } from '~/shared/users';
import { logout } from '~/stores/auth';

/**
 * The logged-in header entry: the selected profile's avatar and name opening a disclosure with the
 * account pages and "log out". A disclosure, not an ARIA menu: it holds ordinary links and a button.
 */
export function AccountMenu({ api, locale, me }: { api: $Fetch; locale: Locale; me: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const name = me.profile?.name ?? me.name;

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    }
    function onPointer(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function signOutHere() {
    setOpen(false);
    await logout(api);
    toast.success(t('auth.loggedOut'));
  }

  const item =
    'flex min-h-11 w-full items-center rounded-md px-3 text-start text-ink no-underline hover:bg-surface-raised';
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 font-bold text-ink hover:bg-surface-raised"
      >
        {me.profile && (
          <img src={me.profile.avatar_url} alt="" width={32} height={32} className="size-8 rounded-full" />
        )}
        {/* On phones the avatar alone stands for the profile, so the header fits 320 px. */}
        <span className={me.profile ? 'max-w-32 truncate max-sm:sr-only' : 'max-w-20 truncate sm:max-w-32'}>
          {name}
        </span>
        <span className="sr-only">{t('auth.accountMenu')}</span>
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 min-w-56 rounded-lg border border-line bg-surface p-2 shadow-lg"
      >
        <ul>
          {accountLinks.map((link) => (
            <li key={link.path}>
              <a href={localPath(link.path, locale)} className={item}>
                {t(link.key)}
              </a>
            </li>
          ))}
          {me.staff_roles.length > 0 && (
            <li>
              <a href={localPath('/admin', locale)} className={item} data-console-link>
                {t('admin.console')}
              </a>
            </li>
          )}
          {me.cafe_desk && (
            <li>
              <a href={localPath('/cafe-desk', locale)} className={item} data-cafe-desk-link>
                {t('cafes.desk.link')}
              </a>
            </li>
          )}
          <li className="mt-1 border-t border-line pt-1">
            <button type="button" className={item} onClick={() => void signOutHere()}>
              {t('auth.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
