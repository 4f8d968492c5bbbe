import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IslandRoot } from '~/islands/auth/IslandRoot';
import { consoleStrings } from '~/islands/shared/strings-console';
import { RequireLogin } from '~/islands/account/RequireLogin';
import { adminSection, type AdminSectionId } from '~/lib/admin-sections';
import { localPath, type Locale } from '~/lib/locale';
import { staffAllows } from '~/shared/staff-constants';
import type { Me } from '~/shared/users';

function StaffGate({
  section,
  locale,
  children,
}: {
  section: AdminSectionId;
  locale: Locale;
  children: (me: Me) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      {(me) =>
        staffAllows(me.staff_roles, adminSection(section).roles) ? (
          children(me)
        ) : (
          <div role="status" className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
            <p className="text-lg">{t('admin.gate.notAllowed')}</p>
            <a href={localPath('/', locale)} className="button-secondary">
              {t('admin.gate.backToSite')}
            </a>
          </div>
        )
      }
    </RequireLogin>
  );
}

/**
 * What every console section's island sits in: its strings and toasts, then the gate. A visitor is
 * asked to log in, a viewer or staff without the section's roles is told they may not see it; neither
 * ever gets the section's data (the API refuses them too).
 */
export function AdminIsland({
  locale,
  section,
  children,
}: {
  locale: Locale;
  section: AdminSectionId;
  children: (me: Me) => ReactNode;
}) {
  return (
    <IslandRoot locale={locale} strings={consoleStrings}>
      <StaffGate section={section} locale={locale}>
        {children}
      </StaffGate>
    </IslandRoot>
  );
}
