import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { atBank, phone360 } from './commerce-helpers';

/**
 * Shop steps done through the API, for browser tests about what comes after them: a demo product's id
 * by its slug, a cart line, an address in Tehran, and a shop payment started at the sandbox bank; and a
 * buyer who has paid for an order.
 */

const tehran = { state: 8, city: 394 };

export async function shopIdOf(request: APIRequestContext, slug: string): Promise<number> {
  const reply = await request.get('/api/v1/shop/products');
  expect(reply.status()).toBe(200);
  const { products } = (await reply.json()) as { products: { id: number; slug: string }[] };
  const product = products.find((candidate) => candidate.slug === slug);
  expect(product, `${slug} in the demo shop`).toBeTruthy();
  return product!.id;
}

/** Puts one of the demo goods in the account's cart (with `token`) or a guest's; answers the cart id. */
export async function putInCartByApi(
  request: APIRequestContext,
  slug: string,
  { token, address }: { token?: string; address: string },
): Promise<string> {
  const reply = await request.post('/api/v1/cart', {
    data: { product_id: await shopIdOf(request, slug), quantity: 1 },
    headers: { 'X-Forwarded-For': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { user_id: string }).user_id;
}

/** Adds an address in Tehran to the account's book; answers its id. */
export async function addAddressByApi(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.post('/api/v1/me/addresses', {
    data: {
      title: 'Home',
      ...tehran,
      deliveryTo: 'Maryam Rezaei',
      tel: '02188776655',
      postalCode: '1234567890',
      fullAddress: '12 Valiasr Street, Tehran',
    },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const { addresses } = (await reply.json()) as { addresses: { id: number }[] };
  return addresses.at(-1)!.id;
}

/** Starts a BUY_PHYSICAL payment of the account's cart at the sandbox bank; answers the bank's page. */
export async function startShopPayment(
  request: APIRequestContext,
  { token, address, addressId }: { token: string; address: string; addressId: number },
): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'X-Forwarded-For': address };
  const methods = await request.get('/api/v1/core/delivery-methods/8', { headers });
  const { methods: list } = (await methods.json()) as { methods: { id: number }[] };
  const reply = await request.post('/api/v1/payments', {
    data: {
      type: 'BUY_PHYSICAL',
      address_id: addressId,
      delivery_method_id: list[0]!.id,
      gateway: 'sandbox',
    },
    headers,
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { redirect } = (await reply.json()) as { redirect: { method: string; url: string } };
  expect(redirect.method).toBe('GET');
  return redirect.url;
}

/**
 * A new buyer who has paid at the sandbox bank for an order of one tote bag, on a 360 px phone: their token
 * and address for the API, and the page they paid on, still logged in (close its context when done).
 */
export async function buyerWithPaidOrder(browser: Browser, request: APIRequestContext) {
  const address = newAddress();
  const token = await signUpByApi(request, newPhone(), 'buyer-pass-1404', address);
  const addressId = await addAddressByApi(request, token);
  await putInCartByApi(request, 'tote-cinemakhaneh', { token, address });
  const bank = await startShopPayment(request, { token, address, addressId });
  const context = await browser.newContext({
    viewport: phone360,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto(bank);
  await atBank(page, 'pay');
  return { token, address, page };
}
