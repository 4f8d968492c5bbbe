import { and, asc, eq } from 'drizzle-orm';
import type { Address, AddressInput } from '../../shared/shop';
import type { Db } from '../db/client';
import { addresses, type AddressSnapshot } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { provinceWithCities } from '../core/places';

/** The viewer's address book (SPEC §3, §7): every call answers with the whole list. */

type AddressRow = typeof addresses.$inferSelect;

/** The province and city of an address, or the field at fault. */
function placesOf(stateId: number, cityId: number) {
  let found;
  try {
    found = provinceWithCities(stateId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') {
      throw invalidFields({ state: 'state_not_found' });
    }
    throw error;
  }
  const city = found.cities.find((candidate) => candidate.id === cityId);
  if (!city) throw invalidFields({ city: 'city_not_in_state' });
  return { state: found.province, city };
}

const place = (row: { id: number; name: string; enName: string }) => ({
  id: row.id,
  name: row.name,
  en_name: row.enName,
});

/** An address as the API and the order show it, places named in both languages. */
export function showAddress(row: AddressSnapshot): Omit<Address, 'id'> {
  const { state, city } = placesOf(row.stateId, row.cityId);
  return {
    title: row.title,
    state: place(state),
    city: place(city),
    deliveryTo: row.deliveryTo,
    tel: row.tel,
    postalCode: row.postalCode,
    fullAddress: row.fullAddress,
  };
}

export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map((row) => ({ id: row.id, ...showAddress(row) }));
}

function columnsOf(input: AddressInput) {
  placesOf(input.state, input.city);
  return {
    title: input.title,
    stateId: input.state,
    cityId: input.city,
    deliveryTo: input.deliveryTo,
    tel: input.tel,
    postalCode: input.postalCode,
    fullAddress: input.fullAddress,
  };
}

export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<Address[]> {
  await db.insert(addresses).values({ userId, ...columnsOf(input) });
  return listAddresses(db, userId);
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address[]> {
  const updated = await db
    .update(addresses)
    .set(columnsOf(input))
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (updated.length === 0) throw notFound('address_not_found');
  return listAddresses(db, userId);
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<Address[]> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound('address_not_found');
  return listAddresses(db, userId);
}

/** One of the viewer's addresses as an order keeps it; another account's is not found. */
export async function ownAddress(db: Db, userId: number, id: number): Promise<AddressSnapshot> {
  const [row]: AddressRow[] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw invalidFields({ address_id: 'address_not_found' });
  const { title, stateId, cityId, deliveryTo, tel, postalCode, fullAddress } = row;
  return { title, stateId, cityId, deliveryTo, tel, postalCode, fullAddress };
}
