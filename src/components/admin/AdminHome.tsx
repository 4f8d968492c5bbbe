import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { AdminIsland } from './AdminIsland';

/** /admin: who is signed in with which roles; the sections are in the navigation beside it. */
export default function AdminHome({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="home">
      {(me) => <Welcome roles={me.staff_roles} />}
    </AdminIsland>
  );
}

function Welcome({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3" data-admin-home>
      <p>{t('admin.home.welcome')}</p>
      <p>
        {t('admin.home.yourRoles')}:{' '}
        {roles.map((role) => t(`admin.roleNames.${role}`)).join(t('admin.listSeparator'))}
      </p>
    </section>
  );
}
