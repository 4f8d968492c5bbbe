import { useStore } from '@nanostores/react';
import { adminSections, type AdminSectionId } from '~/lib/admin-sections';
import { localPath, type Locale } from '~/lib/locale';
import { staffAllows } from '~/shared/staff-constants';
import { $auth } from '~/stores/auth';

const navLabel = { fa: 'بخش‌های کنسول', en: 'Console sections' } as const;
const menuLabel = { fa: 'منوی کنسول', en: 'Console menu' } as const;
/** Not a console section (cafe staff are not console roles), but staff who work a cafe's door find it here. */
const deskLabel = { fa: 'درِ کافه', en: 'Cafe door' } as const;
const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 text-ink no-underline hover:bg-surface-raised aria-[current=page]:bg-surface-raised aria-[current=page]:font-bold';

/**
 * The console's section links, only those the signed-in staff member's roles allow; nothing for a
 * visitor or a viewer (the page's gate tells them why). From `md` up a column beside the page; on a
 * phone one 44 px "menu" button naming the current section, which opens the list as a sheet over the
 * page (a <details>, so it opens and closes by keyboard with no code of ours), instead of a block of
 * wrapped links half the first screen tall (issue 25).
 */
export default function AdminNav({ locale, current }: { locale: Locale; current: AdminSectionId }) {
  const { userMeta } = useStore($auth);
  const held = userMeta?.staff_roles ?? [];
  const visible = adminSections.filter((section) => held.length > 0 && staffAllows(held, section.roles));
  if (visible.length === 0) return null;
  const currentLabel = visible.find((section) => section.id === current)?.label[locale];
  const links = (
    <>
      {visible.map((section) => (
        <li key={section.id}>
          <a
            href={localPath(section.path, locale)}
            aria-current={section.id === current ? 'page' : undefined}
            className={linkClass}
          >
            {section.label[locale]}
          </a>
        </li>
      ))}
      {userMeta?.cafe_desk && (
        <li>
          <a href={localPath('/cafe-desk', locale)} className={linkClass} data-cafe-desk-link>
            {deskLabel[locale]}
          </a>
        </li>
      )}
    </>
  );
  return (
    <nav aria-label={navLabel[locale]} className="md:w-56 md:shrink-0" data-admin-nav>
      <details className="relative md:hidden" data-menu>
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-line px-3 font-bold text-ink hover:bg-surface-raised [&::-webkit-details-marker]:hidden">
          <svg
            className="size-5 shrink-0"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="sr-only">{menuLabel[locale]}: </span>
          <span className="truncate">{currentLabel ?? menuLabel[locale]}</span>
        </summary>
        <ul className="absolute inset-x-0 top-full z-40 mt-1 flex max-h-[70dvh] flex-col overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-lg">
          {links}
        </ul>
      </details>
      <ul className="flex-col gap-1 max-md:hidden md:flex">{links}</ul>
    </nav>
  );
}
