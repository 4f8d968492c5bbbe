import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useState } from 'react';
import type { Currency, Gateway, GatewaysResponse } from '~/shared/commerce';
import { currencies } from '~/shared/commerce-constants';
import { $core, $currency } from '~/stores/core';

/** One GET /core/gateways per currency asked for (the islands of a page share the answer). */
const replies = new Map<string, Promise<GatewaysResponse>>();

function loadGateways(api: $Fetch, currency: Currency | undefined): Promise<GatewaysResponse> {
  const key = currency ?? 'location';
  let reply = replies.get(key);
  if (!reply) {
    reply = api<GatewaysResponse>('/core/gateways', { query: currency ? { currency } : {} });
    // A failure is not kept: the next island (or the next switch) asks again.
    reply.catch(() => replies.delete(key));
    replies.set(key, reply);
  }
  return reply;
}

/**
 * The viewer's currency and its gateways (SPEC §3): the stored choice (localStorage.currency) if any,
 * else the one of the visitor's location, which only the server knows. Null until the answer for the
 * current choice has arrived, so no price is ever shown in a currency the viewer just left.
 */
export function useGateways(api: $Fetch): GatewaysResponse | null {
  const stored = useStore($currency);
  const [reply, setReply] = useState<GatewaysResponse | null>(null);
  useEffect(() => {
    let current = true;
    loadGateways(api, stored).then(
      (answer) => {
        if (!current) return;
        setReply(answer);
        const { gateways, default_gateway, location_currency, is_eea } = answer;
        $core.set({ ...$core.get(), gateways, default_gateway, location_currency, is_eea });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, stored]);
  return reply && (stored === undefined || reply.currency === stored) ? reply : null;
}

/** Every gateway of every currency, for naming the gateway of past payments. */
export function useAllGateways(api: $Fetch): Gateway[] {
  const [list, setList] = useState<Gateway[]>([]);
  useEffect(() => {
    Promise.all(currencies.map((currency) => loadGateways(api, currency))).then(
      (replies) => setList(replies.flatMap((reply) => reply.gateways)),
      () => {},
    );
  }, [api]);
  return list;
}
