import type { Cart } from '../../../streams/carts/model';

/** A cart with defaults, for reducer and marble tests. */
export function aCart(fields: Partial<Cart> & { id: string }): Cart {
  return {
    name: `Cart ${fields.id}`,
    description: '',
    isPrivate: true,
    type: '',
    expires: null,
    collaborators: [],
    collaboratorNames: {},
    isMine: true,
    modified: null,
    ownerName: '',
    items: {},
    total: 0,
    ...fields,
  };
}

/** A cart as the server sends it (`output=list`), one of mine by default. */
export const aWireCart = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Cart ${id}`,
  isMine: true,
  private: true,
  items: [],
  ...fields,
});
