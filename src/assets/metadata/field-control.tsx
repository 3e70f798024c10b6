import type { ReactNode } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import {
  dateInputValue,
  type FieldProblem,
  type FieldView,
  localized,
  parseDate,
  parseNumber,
  withLocalized,
} from './fields';
import { WRITE_HERE } from '../../../streams/core/write-here';
import { RelationField } from './relation-field';
import './messages';

interface FieldControlProps {
  field: FieldView;
  /** the value the form holds: the draft's change, else the stored value */
  value: unknown;
  problem: FieldProblem;
  /** a new value for the field (the caller makes it a draft change) */
  onChange(value: unknown): void;
  locale: string;
  /** unique per form: control ids and lookup keys are made from it */
  formId: string;
}

/**
 * One editable field, labelled by its schema label: a text input, a textarea for `text`, a number,
 * a date, a checkbox, or a lookup for relations. Required fields are marked and `aria-required`;
 * a problem shows under the control, `aria-invalid` and named by `aria-describedby`.
 */
export function FieldControl({ field, value, problem, onChange, locale, formId }: FieldControlProps) {
  const t = useTranslate();
  const id = `${formId}-${field.name}`;
  const messageId = `${id}-problem`;
  const invalid = problem !== null;
  const common = {
    id,
    name: field.name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? messageId : undefined,
    'aria-required': field.required || undefined,
  };
  const label = (
    <label htmlFor={id} className="metadata-field__label">
      {field.label}
      {field.required && (
        <span className="metadata-field__required" aria-hidden="true" title={t('metadata.required')}>
          {' *'}
        </span>
      )}
    </label>
  );
  const text = (() => {
    const shown = field.i18n ? localized(value, locale) : value;
    return typeof shown === 'string' && shown !== WRITE_HERE ? shown : shown == null ? '' : String(shown);
  })();
  const setText = (next: string) => onChange(field.i18n ? withLocalized(value, locale, next) : next);

  let control: ReactNode;
  switch (field.kind) {
    case 'text':
      control = (
        <textarea
          {...common}
          rows={3}
          value={text}
          placeholder={WRITE_HERE}
          onChange={(event) => setText(event.target.value)}
        />
      );
      break;
    case 'number':
      control = (
        <input
          {...common}
          type="text"
          inputMode="decimal"
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(parseNumber(event.target.value))}
        />
      );
      break;
    case 'date':
      control = (
        <input
          {...common}
          type="date"
          value={dateInputValue(value)}
          onChange={(event) => onChange(parseDate(event.target.value))}
        />
      );
      break;
    case 'boolean':
      return (
        <div className="metadata-field metadata-field--boolean">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </div>
      );
    case 'one':
    case 'many':
      return (
        <div className="metadata-field">
          <RelationField
            field={field}
            value={value}
            onChange={onChange}
            inputId={id}
            lookupKey={id}
            label={label}
            invalid={invalid}
            messageId={messageId}
          />
          {invalid && <Problem id={messageId} field={field} problem={problem} />}
        </div>
      );
    default:
      control = (
        <input
          {...common}
          type="text"
          value={text}
          placeholder={WRITE_HERE}
          onChange={(event) => setText(event.target.value)}
        />
      );
  }
  return (
    <div className="metadata-field">
      {label}
      {control}
      {invalid && <Problem id={messageId} field={field} problem={problem} />}
    </div>
  );
}

function Problem({ id, field, problem }: { id: string; field: FieldView; problem: FieldProblem }) {
  const t = useTranslate();
  const key =
    problem === 'required'
      ? 'metadata.requiredEmpty'
      : problem === 'number'
        ? 'metadata.notNumber'
        : 'metadata.notDate';
  return (
    <p id={id} className="metadata-field__problem">
      {t(key, { label: field.label })}
    </p>
  );
}
