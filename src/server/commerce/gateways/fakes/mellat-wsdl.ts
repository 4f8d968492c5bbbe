/**
 * The WSDL the Mellat fake serves at services/pgw?wsdl, where Behpardakht serves its own
 * (GATEWAYS.md §2): document/literal, namespace http://interfaces.core.sw.bps.com/, every operation
 * answering one <return> string, the parameters named and typed as in Mellat's manual. It describes
 * the operations the adapter calls and the fake answers, so a standard SOAP client can be pointed at
 * the fake as at the bank.
 */

const NAMESPACE = 'http://interfaces.core.sw.bps.com/';

type XsdType = 'long' | 'string';

const credentials: [string, XsdType][] = [
  ['terminalId', 'long'],
  ['userName', 'string'],
  ['userPassword', 'string'],
];

/** The follow-up operations' parameters (tables 2-5 of the manual). */
const followUp: [string, XsdType][] = [
  ...credentials,
  ['orderId', 'long'],
  ['saleOrderId', 'long'],
  ['saleReferenceId', 'long'],
];

export const MELLAT_OPERATIONS: Record<string, [string, XsdType][]> = {
  bpPayRequest: [
    ...credentials,
    ['orderId', 'long'],
    ['amount', 'long'],
    ['localDate', 'string'],
    ['localTime', 'string'],
    ['additionalData', 'string'],
    ['callBackUrl', 'string'],
    ['payerId', 'string'],
    ['mobileNo', 'string'],
  ],
  bpVerifyRequest: followUp,
  bpSettleRequest: followUp,
  bpReversalRequest: followUp,
  bpInquiryRequest: followUp,
};

/** The WSDL, its service bound to `address` (the fake's services/pgw). */
export function mellatWsdl(address: string): string {
  const names = Object.keys(MELLAT_OPERATIONS);
  const elements = Object.entries(MELLAT_OPERATIONS)
    .map(
      ([name, fields]) =>
        `<xs:element name="${name}" type="tns:${name}"/>` +
        `<xs:complexType name="${name}"><xs:sequence>${fields
          .map(([field, type]) => `<xs:element name="${field}" type="xs:${type}" minOccurs="0"/>`)
          .join('')}</xs:sequence></xs:complexType>` +
        `<xs:element name="${name}Response" type="tns:${name}Response"/>` +
        `<xs:complexType name="${name}Response"><xs:sequence>` +
        `<xs:element name="return" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType>`,
    )
    .join('');
  const messages = names
    .map(
      (name) =>
        `<wsdl:message name="${name}"><wsdl:part name="parameters" element="tns:${name}"/></wsdl:message>` +
        `<wsdl:message name="${name}Response"><wsdl:part name="parameters" element="tns:${name}Response"/></wsdl:message>`,
    )
    .join('');
  const portOperations = names
    .map(
      (name) =>
        `<wsdl:operation name="${name}"><wsdl:input message="tns:${name}"/>` +
        `<wsdl:output message="tns:${name}Response"/></wsdl:operation>`,
    )
    .join('');
  const bindingOperations = names
    .map(
      (name) =>
        `<wsdl:operation name="${name}"><soap:operation soapAction=""/>` +
        `<wsdl:input><soap:body use="literal"/></wsdl:input>` +
        `<wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<wsdl:definitions name="PaymentGatewayImplService" targetNamespace="${NAMESPACE}" xmlns:tns="${NAMESPACE}" ` +
    `xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ` +
    `xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
    `<wsdl:types><xs:schema targetNamespace="${NAMESPACE}" elementFormDefault="unqualified">${elements}</xs:schema></wsdl:types>` +
    messages +
    `<wsdl:portType name="IPaymentGateway">${portOperations}</wsdl:portType>` +
    `<wsdl:binding name="PaymentGatewayImplServiceSoapBinding" type="tns:IPaymentGateway">` +
    `<soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOperations}</wsdl:binding>` +
    `<wsdl:service name="PaymentGatewayImplService">` +
    `<wsdl:port name="PaymentGatewayImplPort" binding="tns:PaymentGatewayImplServiceSoapBinding">` +
    `<soap:address location="${address}"/></wsdl:port></wsdl:service>` +
    `</wsdl:definitions>`
  );
}
