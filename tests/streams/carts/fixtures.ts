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
