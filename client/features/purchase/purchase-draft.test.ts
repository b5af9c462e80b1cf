import { readDraft, updateDraft } from './purchase-draft';

// The tests run in Node: a tab's sessionStorage, kept in a Map.
const stored = new Map<string, string>();
const sessionStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};
beforeAll(() => Object.defineProperty(globalThis, 'window', { value: { sessionStorage }, configurable: true }));
afterAll(() => Reflect.deleteProperty(globalThis, 'window'));

describe('the purchase draft', () => {
  beforeEach(() => stored.clear());

  it('reads a pickup point stored under its old name as the contract names it', () => {
    sessionStorage.setItem('purchase-draft', JSON.stringify({ simType: 'physical', deliveryMethod: 'pickup', pickupPointId: 'p-1' }));
    expect(readDraft()).toEqual({ simType: 'physical', deliveryMethod: 'pickup', pointOfSaleId: 'p-1' });
    updateDraft({ address: 'Toshkent, Navoi 1' });
    expect(JSON.parse(sessionStorage.getItem('purchase-draft') ?? '{}')).toEqual({
      simType: 'physical',
      deliveryMethod: 'pickup',
      pointOfSaleId: 'p-1',
      address: 'Toshkent, Navoi 1',
    });
  });
});
