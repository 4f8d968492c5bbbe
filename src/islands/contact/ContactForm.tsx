import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCaptcha } from './useCaptcha';
import { fieldErrorsOf } from '~/lib/api';
import {
  contactFieldErrors,
  contactPayload,
  emptyContact,
  type ContactField,
  type ContactValues,
} from '~/lib/contact';
import type { Locale } from '~/lib/locale';
import type { ContactResponse } from '~/shared/contact';
import { browserApi } from '../shared/api';
import { createIslandI18n } from '../shared/i18n';
import { contactStrings } from '../shared/strings-contact';
import { TextField } from '../shared/TextField';
import { Toasts } from '../shared/Toasts';

type FieldErrors = Partial<Record<ContactField, string[]>>;

const fieldOrder: ContactField[] = ['full_name', 'phone', 'email', 'subject', 'message', 'captcha'];

function ContactFormBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  const { captcha, loading: captchaLoading, refresh: refreshCaptcha } = useCaptcha(api);
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const bind = (field: ContactField) => ({
    name: field,
    idPrefix: 'contact',
    value: values[field],
    errors: errors[field],
    onValue: (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      // The viewer is fixing this field: stop calling it invalid.
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !captcha) return;
    setSending(true);
    try {
      const reply = await api<ContactResponse>('/core/contact', {
        method: 'POST',
        body: contactPayload(values, captcha.key),
      });
      toast.success(reply.message);
      setValues(emptyContact);
      setErrors({});
    } catch (error) {
      // Toasts came from the API client; here the same messages are tied to their fields. Everything
      // typed stays, except the captcha answer, which belonged to the image being replaced.
      const grouped = contactFieldErrors(fieldErrorsOf(error));
      setErrors(grouped);
      setValues((current) => ({ ...current, captcha: '' }));
      const firstInvalid = fieldOrder.find((field) => grouped[field]?.length);
      if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    } finally {
      setSending(false);
      // A captcha is good for one attempt, whatever its outcome.
      void refreshCaptcha();
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex max-w-2xl flex-col gap-5"
      aria-busy={sending}
    >
      <TextField {...bind('full_name')} label={t('contact.fullName')} autoComplete="name" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...bind('phone')}
          label={t('contact.phone')}
          hint={t('contact.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
        />
        <TextField
          {...bind('email')}
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          dir="ltr"
        />
      </div>
      <TextField {...bind('subject')} label={t('contact.subject')} required />
      <TextField {...bind('message')} label={t('contact.message')} multiline required />
      <TextField
        {...bind('captcha')}
        label={t('contact.captcha')}
        hint={t('contact.captchaHint')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
        required
        addon={
          <div className="flex items-center gap-2">
            <div className="flex h-14 w-44 items-center justify-center rounded-lg border border-line bg-white">
              {captcha ? (
                <img src={captcha.img} alt={t('contact.captchaImage')} width={168} height={52} />
              ) : (
                <span className="text-sm text-gray-700">
                  {captchaLoading ? t('contact.captchaLoading') : ''}
                </span>
              )}
            </div>
            <button
              type="button"
              onClick={() => void refreshCaptcha()}
              className="button-secondary"
              disabled={captchaLoading}
            >
              {t('contact.refreshCaptcha')}
            </button>
          </div>
        }
      />
      <div>
        <button type="submit" className="button-primary" disabled={sending || !captcha}>
          {sending ? t('contact.sending') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}

/** The contact form island: POST /core/contact with an image captcha. */
export default function ContactForm({ locale }: { locale: Locale }) {
  const i18n = useMemo(() => createIslandI18n(locale, contactStrings), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      <ContactFormBody locale={locale} />
      <Toasts locale={locale} />
    </I18nextProvider>
  );
}
