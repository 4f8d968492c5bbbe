import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, localPhoneNumbers } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { staffRoles, type StaffRole } from '~/shared/staff-constants';
import type { GrantRole, StaffMember, StaffMemberResponse, StaffMembers } from '~/shared/staff-roles';
import { browserApi } from '~/islands/shared/api';
import { TextField } from '~/islands/shared/TextField';
import { AdminIsland } from './AdminIsland';
import { StatusLine } from './AdminParts';

function GrantForm({ locale, onGranted }: { locale: Locale; onGranted: (message: string) => void }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await api<StaffMemberResponse>('/staff/roles', {
        method: 'POST',
        body: { user_name: userName, role } satisfies GrantRole,
      });
      setErrors({});
      setUserName('');
      onGranted(answer.message);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      aria-labelledby="grant-heading"
    >
      <h2 id="grant-heading" className="text-lg font-bold">
        {t('admin.roles.grantHeading')}
      </h2>
      <TextField
        idPrefix="grant"
        name="user_name"
        label={t('admin.roles.userName')}
        value={userName}
        onValue={setUserName}
        errors={errors['user_name']}
        required
        dir="ltr"
        autoComplete="off"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="grant-role" className="font-bold">
          {t('admin.roles.role')}
        </label>
        <select
          id="grant-role"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 text-ink"
        >
          {staffRoles.map((value) => (
            <option key={value} value={value}>
              {t(`admin.roleNames.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button-primary self-start">
        {t('admin.roles.grant')}
      </button>
    </form>
  );
}

function Member({
  member,
  locale,
  onRevoke,
}: {
  member: StaffMember;
  locale: Locale;
  onRevoke: (role: StaffRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-4" data-staff-member={member.user_id}>
      <p>
        <bdi className="font-bold">{member.name}</bdi>{' '}
        <bdi dir="ltr" className="text-ink-muted">
          {localPhoneNumbers(member.user_name, locale)}
        </bdi>
      </p>
      <ul className="flex flex-wrap gap-2">
        {member.roles.map((held) => {
          const role = t(`admin.roleNames.${held.role}`);
          return (
            <li key={held.role} className="flex items-center gap-1 rounded-full border border-line ps-3">
              <span>{role}</span>
              <span className="sr-only">
                {formatDate(held.granted_at, locale)} ·{' '}
                {held.granted_by
                  ? t('admin.roles.grantedBy', { name: held.granted_by })
                  : t('admin.roles.grantedByNobody')}
              </span>
              <button
                type="button"
                onClick={() => onRevoke(held.role)}
                aria-label={t('admin.roles.revoke', { role, name: member.name })}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-raised"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function Roles({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(() => {
    api<StaffMembers>('/staff/roles').then(
      (answer) => setStaff(answer.staff),
      () => {},
    );
  }, [api]);
  useEffect(load, [load]);
  const changed = (text: string) => {
    setMessage(text);
    load();
  };
  const revoke = async (member: StaffMember, role: StaffRole) => {
    try {
      const answer = await api<StaffMemberResponse>(`/staff/roles/${member.user_id}/${role}`, {
        method: 'DELETE',
      });
      changed(answer.message);
    } catch {
      // The API client has toasted why (the last admin, a role already gone).
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <GrantForm locale={locale} onGranted={changed} />
      <StatusLine message={message} />
      <section aria-labelledby="staff-heading" className="flex flex-col gap-3">
        <h2 id="staff-heading" className="text-lg font-bold">
          {t('admin.roles.staffHeading')}
        </h2>
        {!staff ? (
          <p className="text-ink-muted">{t('admin.common.loading')}</p>
        ) : staff.length === 0 ? (
          <p>{t('admin.roles.noStaff')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {staff.map((member) => (
              <Member
                key={member.user_id}
                member={member}
                locale={locale}
                onRevoke={(role) => revoke(member, role)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /admin/roles: admins give staff roles by phone or e-mail and take them back. */
export default function AdminRoles({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="roles">
      {() => <Roles locale={locale} />}
    </AdminIsland>
  );
}
