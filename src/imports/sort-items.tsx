import { useId } from 'react';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The orders offered for a job's items (`orderby` of the items search); '' keeps the server's own. */
const ITEM_ORDERS: ReadonlyArray<{ orderby: string; label: MessageKey }> = [
  { orderby: '', label: 'imports.sort.default' },
  { orderby: '$datatime desc', label: 'imports.sort.newest' },
  { orderby: '$datatime asc', label: 'imports.sort.oldest' },
  { orderby: 'name asc', label: 'imports.sort.nameAsc' },
  { orderby: 'name desc', label: 'imports.sort.nameDesc' },
  { orderby: 'status asc', label: 'imports.sort.status' },
];

/** The "Sort items" select: choosing an order searches the items again in it. */
export function SortItems({ orderby, onChange }: { orderby: string; onChange(orderby: string): void }) {
  const t = useTranslate();
  const id = useId();
  return (
    <div className="imports-sort">
      <label htmlFor={id}>{t('imports.sortItems')}</label>
      <select id={id} value={orderby} onChange={(event) => onChange(event.target.value)}>
        {ITEM_ORDERS.map((order) => (
          <option key={order.orderby} value={order.orderby}>
            {t(order.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
