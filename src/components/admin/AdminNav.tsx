import { useStore } from '@nanostores/react';
import { adminSections, type AdminSectionId } from '~/lib/admin-sections';
import { localPath, type Locale } from '~/lib/locale';
import { staffAllows } from '~/shared/staff-constants';
import { $auth } from '~/stores/auth';

const navLabel = { fa: 'بخش‌های کنسول', en: 'Console sections' } as const;
/** Not a console section (cafe staff are not console roles), but staff who work a cafe's door find it here. */
const deskLabel = { fa: 'درِ کافه', en: 'Cafe door' } as const;
const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 text-ink no-underline hover:bg-surface-raised aria-[current=page]:bg-surface-raised aria-[current=page]:font-bold';

/**
 * The console's section links, only those the signed-in staff member's roles allow; nothing for a
 * visitor or a viewer (the page's gate tells them why).
 */
export default function AdminNav({ locale, current }: { locale: Locale; current: AdminSectionId }) {
  const { userMeta } = useStore($auth);
  const held = userMeta?.staff_roles ?? [];
  const visible = adminSections.filter((section) => held.length > 0 && staffAllows(held, section.roles));
  if (visible.length === 0) return null;
  return (
    <nav aria-label={navLabel[locale]} className="md:w-56 md:shrink-0" data-admin-nav>
      <ul className="flex flex-wrap gap-1 md:flex-col">
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
      </ul>
    </nav>
  );
}
