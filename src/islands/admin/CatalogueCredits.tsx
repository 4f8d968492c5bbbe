import { useTranslation } from 'react-i18next';
import { controlClass, Field, Group, type FieldErrors } from './catalogue-controls';
import type { CreditRow } from './catalogue-form';

/** The people of a title: a role and the name in both languages, one row each, in order. */
export function CatalogueCredits({
  credits,
  roles,
  errors,
  onChange,
}: {
  credits: CreditRow[];
  roles: string[];
  errors: FieldErrors;
  onChange: (credits: CreditRow[]) => void;
}) {
  const { t } = useTranslation();
  const setRow = (index: number, row: CreditRow) =>
    onChange(credits.map((credit, i) => (i === index ? row : credit)));
  return (
    <Group legend={t('adminCatalogue.groups.credits')}>
      <ul className="flex flex-col gap-3">
        {credits.map((credit, index) => (
          <li key={index} className="grid items-end gap-2 sm:grid-cols-[auto_1fr_1fr_auto]">
            <Field
              id={`credit-${index}-role`}
              name={`credits.${index}.role`}
              label={t('adminCatalogue.fields.role')}
              errors={errors}
            >
              {(props) => (
                <select
                  {...props}
                  className={controlClass}
                  value={credit.role}
                  onChange={(event) => setRow(index, { ...credit, role: event.target.value })}
                >
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {t(`adminCatalogue.roles.${role}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id={`credit-${index}-name`}
              name={`credits.${index}.name`}
              label={t('adminCatalogue.fields.personFa')}
              errors={errors}
            >
              {(props) => (
                <input
                  {...props}
                  dir="rtl"
                  className={controlClass}
                  value={credit.name}
                  onChange={(event) => setRow(index, { ...credit, name: event.target.value })}
                />
              )}
            </Field>
            <Field
              id={`credit-${index}-en_name`}
              name={`credits.${index}.en_name`}
              label={t('adminCatalogue.fields.personEn')}
              errors={errors}
            >
              {(props) => (
                <input
                  {...props}
                  dir="ltr"
                  className={controlClass}
                  value={credit.en_name}
                  onChange={(event) => setRow(index, { ...credit, en_name: event.target.value })}
                />
              )}
            </Field>
            <button
              type="button"
              className="button-secondary min-h-11"
              onClick={() => onChange(credits.filter((_, i) => i !== index))}
            >
              {t('adminCatalogue.remove')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button-secondary min-h-11 self-start"
        onClick={() => onChange([...credits, { role: 'director', name: '', en_name: '' }])}
      >
        {t('adminCatalogue.addCredit')}
      </button>
    </Group>
  );
}
