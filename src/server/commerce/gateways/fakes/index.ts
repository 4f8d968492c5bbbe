import type { FakeClock, GatewayFake } from './kit.ts';
import { mellatFake } from './mellat.ts';
import { pasargadFake } from './pasargad.ts';
import { paypalFake } from './paypal.ts';
import { samanFake } from './saman.ts';
import { zarinpalFake } from './zarinpal.ts';

export { serveFake, type FakeClock, type GatewayFake, type ServedFake } from './kit.ts';

/** The five gateways' fakes, for `npm run start:gateways` and the browser tests. */
export function allGatewayFakes(clock?: FakeClock): GatewayFake[] {
  const options = clock ? { clock } : {};
  return [
    zarinpalFake(options),
    mellatFake(options),
    samanFake(options),
    pasargadFake(options),
    paypalFake(options),
  ];
}
