import { mellatFake } from '~/server/commerce/gateways/fakes/mellat';
import { describeGatewayProtocol } from './gateway-suite';

describeGatewayProtocol({
  gateway: 'mellat',
  currency: 'IRR',
  makeFake: (clock) => mellatFake({ clock }),
  redirectMethod: 'POST',
  verifyWithinMinutes: 20,
  undeliverable: 'reversed',
  fulfilledAtGateway: 'settled',
  tellsDeclined: true,
});
