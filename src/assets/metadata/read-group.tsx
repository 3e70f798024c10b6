import { useTranslate } from '../../i18n/use-translate';
import { formatSize } from '../../i18n/format';
import { type FieldGroup, type FieldView, formatValue, relationItems } from './fields';
import { useRelationNames } from './relation-field';
import './messages';

/** A group of the schema's fields read, not edited: a description list, relations by name. */
export function ReadGroup({
  group,
  data,
  locale,
}: {
  group: FieldGroup;
  data: Record<string, unknown>;
  locale: string;
}) {
  return (
    <div className="metadata__group">
      {group.name && <h3>{group.name}</h3>}
      <dl>
        {group.fields.map((field) => (
          <ReadField key={field.name} field={field} value={data[field.name]} locale={locale} />
        ))}
      </dl>
    </div>
  );
}

function ReadField({ field, value, locale }: { field: FieldView; value: unknown; locale: string }) {
  const t = useTranslate();
  let shown: string | null;
  if (field.kind === 'one' || field.kind === 'many') {
    return <RelationValue field={field} value={value} />;
  }
  if (field.kind === 'boolean')
    shown = value === true ? t('metadata.yes') : value === false ? t('metadata.no') : null;
  else shown = formatValue(field, value, locale, formatSize);
  return (
    <>
      <dt>{field.label}</dt>
      <dd className={field.kind === 'text' ? 'metadata__text' : undefined}>{shown ?? t('metadata.empty')}</dd>
    </>
  );
}

function RelationValue({ field, value }: { field: FieldView; value: unknown }) {
  const t = useTranslate();
  const items = useRelationNames(field.related, relationItems(value));
  return (
    <>
      <dt>{field.label}</dt>
      <dd>
        {items.length ? items.map((item) => item.name ?? `#${item.id}`).join(', ') : t('metadata.empty')}
      </dd>
    </>
  );
}
