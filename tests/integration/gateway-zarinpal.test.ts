import { zarinpalFake } from '~/server/commerce/gateways/fakes/zarinpal';
import { describeGatewayProtocol } from './gateway-suite';

describeGatewayProtocol({
  gateway: 'zarinpal',
  currency: 'IRR',
  makeFake: (clock) => zarinpalFake({ clock }),
  redirectMethod: 'GET',
  verifyWithinMinutes: 20,
  undeliverable: 'reversed',
  fulfilledAtGateway: 'verified',
});
