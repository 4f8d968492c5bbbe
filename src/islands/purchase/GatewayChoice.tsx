import { useTranslation } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import type { Gateway, GatewaysResponse, GatewayType } from '~/shared/commerce';
import { RadioCards } from './RadioCards';

/** SPEC §2 gateway choice: the gateways that take the currency, each named in the page's language. */
export function GatewayChoice({
  gateways,
  value,
  onChange,
  locale,
}: {
  gateways: Gateway[];
  value: GatewayType | null;
  onChange: (gateway: GatewayType) => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (gateways.length === 0) return <p role="alert">{t('commerce.gateway.none')}</p>;
  return (
    <RadioCards
      legend={t('commerce.gateway.label')}
      value={value}
      onChange={(type) => onChange(type as GatewayType)}
      options={gateways.map((gateway) => ({
        value: gateway.type,
        label: locale === 'fa' ? gateway.title : gateway.en_title,
      }))}
    />
  );
}

/**
 * The gateway a form pays with: the viewer's pick while the currency's list has it, else the server's
 * default for that currency, else the first.
 */
export function gatewayOf(
  list: Pick<GatewaysResponse, 'gateways' | 'default_gateway'>,
  picked: GatewayType | null,
): GatewayType | null {
  const has = (type: GatewayType | null) => list.gateways.some((gateway) => gateway.type === type);
  if (has(picked)) return picked;
  if (has(list.default_gateway)) return list.default_gateway;
  return list.gateways.find((gateway) => gateway.default)?.type ?? list.gateways[0]?.type ?? null;
}
