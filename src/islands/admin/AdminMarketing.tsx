import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localPath, locales, type Locale } from '~/lib/locale';
import type { ContentFile, ContentPreview, MarketingReport } from '~/shared/staff-marketing';
import { browserApi } from '~/islands/shared/api';
import { AdminIsland } from './AdminIsland';

function Preview({ preview, language }: { preview: ContentPreview; language: Locale }) {
  const { t } = useTranslation();
  return (
    <section
      lang={language}
      dir={language === 'fa' ? 'rtl' : 'ltr'}
      aria-label={t(`admin.marketing.${language}`)}
      className="min-w-0 flex-1 rounded-lg bg-surface-raised p-3"
    >
      <p className="text-sm text-ink-muted">{t(`admin.marketing.${language}`)}</p>
      <h3 className="font-bold">{preview.title}</h3>
      {preview.sections.map((section, index) => (
        <div key={index} className="mt-2">
          <h4 className="font-bold">{section.heading}</h4>
          <ul className="list-disc ps-5">
            {section.lines.map((line, lineIndex) => (
              <li key={lineIndex} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function FileCard({ file, locale }: { file: ContentFile; locale: Locale }) {
  const { t } = useTranslation();
  const heading =
    file.kind === 'landing' ? (file.preview?.[locale].title ?? file.slug) : t(`admin.marketing.${file.kind}`);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      data-content-file={file.file}
      data-valid={file.valid}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">
          <bdi>{heading}</bdi>
        </h2>
        <span className={file.valid ? 'font-bold' : 'font-bold text-accent'}>
          {file.valid ? t('admin.marketing.valid') : t('admin.marketing.invalid')}
        </span>
      </div>
      <p className="text-sm">
        {t('admin.marketing.file')}: <code dir="ltr">{file.file}</code>
      </p>
      {file.errors.length > 0 && (
        <ul dir="ltr" className="list-disc ps-5 text-start" aria-label={t('admin.marketing.invalid')}>
          {file.errors.map((error, index) => (
            <li key={index}>
              <code>{error.path || '(file)'}</code>: {error.message}
            </li>
          ))}
        </ul>
      )}
      {file.unknown.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {file.unknown.map((slug) => (
            <li key={slug} className="rounded-full border border-accent px-3 text-sm">
              {t('admin.marketing.unknownTitle', { slug })}
            </li>
          ))}
        </ul>
      )}
      {file.preview && (
        <div className="flex flex-col gap-3 md:flex-row">
          {locales.map(
            (language) =>
              file.preview && <Preview key={language} preview={file.preview[language]} language={language} />,
          )}
        </div>
      )}
      {file.slug && file.valid && (
        <p className="flex flex-wrap gap-3">
          {locales.map((language) => (
            <a key={language} href={localPath(`/${file.slug}`, language)} className="text-accent underline">
              {t('admin.marketing.openPage', { language: t(`admin.marketing.${language}`) })}
            </a>
          ))}
        </p>
      )}
    </li>
  );
}

function Marketing({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const [report, setReport] = useState<MarketingReport | null>(null);
  const load = useCallback(() => {
    api<MarketingReport>('/staff/marketing').then(setReport, () => {});
  }, [api]);
  useEffect(load, [load]);
  return (
    <div className="flex flex-col gap-4">
      <button type="button" className="button-secondary self-start" onClick={load}>
        {t('admin.marketing.recheck')}
      </button>
      {!report ? (
        <p className="text-ink-muted">{t('admin.common.loading')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {report.files.map((file) => (
            <FileCard key={file.file} file={file} locale={locale} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /admin/marketing: the home slider, home rows and campaign landings stay files marketing edits; here
 * each is checked as the site checks it and previewed in both languages.
 */
export default function AdminMarketing({ locale }: { locale: Locale }) {
  return (
    <AdminIsland locale={locale} section="marketing">
      {() => <Marketing locale={locale} />}
    </AdminIsland>
  );
}
