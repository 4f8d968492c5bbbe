import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** A ticket code to read, type or copy: left-to-right in any page, with a copy button beside it. */
export function CopyCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('commerce.tickets.copied'));
    } catch {
      // No clipboard (insecure context, refused): the code stays on screen to select by hand.
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>
        {label}:{' '}
        <bdi dir="ltr" className="font-mono text-xl font-bold tracking-wider select-all" data-ticket-code>
          {code}
        </bdi>
      </p>
      <button type="button" className="button-secondary min-h-11" onClick={() => void copy()}>
        {t('commerce.tickets.copy')}
      </button>
    </div>
  );
}
