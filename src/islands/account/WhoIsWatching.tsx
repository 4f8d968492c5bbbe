import { useMemo } from 'react';
import { localPath, type Locale } from '~/lib/locale';
import { IslandRoot } from '../auth/IslandRoot';
import { ProfilePicker } from '../auth/ProfilePicker';
import { browserApi } from '../shared/api';
import { RequireLogin } from './RequireLogin';

/** /profiles: the "who is watching" picker as a page; choosing a profile goes on to the home page. */
export default function WhoIsWatching({ locale }: { locale: Locale }) {
  const api = useMemo(() => browserApi(locale), [locale]);
  const home = localPath('/', locale);
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>
        {() => <ProfilePicker api={api} reloads={false} onPicked={() => window.location.assign(home)} />}
      </RequireLogin>
    </IslandRoot>
  );
}
