import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/**
 * Form fields the GOV.UK Design System way: label above the field, an
 * optional hint, the error message between label and field, and the field
 * pointing at both through aria-describedby. Their own words are in the
 * page's language (useLocale).
 */

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
}

function describedBy(
  id: string,
  hint: ReactNode | undefined,
  error: string | undefined,
  extra?: string,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extra ?? null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  const locale = useLocale();
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{`${m.form_error_prefix({}, { locale })} `}</span>
      {children}
    </p>
  );
}

/** " (optional)" after a label, in the page's language. */
export function OptionalMark() {
  const locale = useLocale();
  return <span className="field__optional">{` ${m.form_optional({}, { locale })}`}</span>;
}

function Frame({ id, label, hint, error, optional, children }: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <OptionalMark />}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
      {children}
    </div>
  );
}

type InputProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { describedByExtra?: string };

export function TextField({ id, label, hint, error, optional, className, describedByExtra, ...input }: InputProps) {
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      <input
        id={id}
        name={id}
        className={["field__input", className].filter(Boolean).join(" ")}
        aria-describedby={describedBy(id, hint, error, describedByExtra)}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </Frame>
  );
}

type TextAreaProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">;

export function TextAreaField({ id, label, hint, error, optional, ...textarea }: TextAreaProps) {
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        id={id}
        name={id}
        className="field__input field__textarea"
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...textarea}
      />
    </Frame>
  );
}

type SelectProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

export function SelectField({ id, label, hint, error, optional, options, placeholder, ...select }: SelectProps) {
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      <select
        id={id}
        name={id}
        className="field__input field__select"
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

interface RadioGroupProps {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  options: readonly { value: string; label: string }[];
  /** Controlled: the chosen value and its setter. */
  value?: string;
  onChange?: (value: string) => void;
  /** Uncontrolled, as on a page with no script: the value chosen at first. */
  defaultValue?: string;
  required?: boolean;
  inline?: boolean;
  /**
   * Shown under the options unless `hiddenFor` is chosen (GOV.UK "conditional
   * reveal"). Always in the page, hidden by CSS, so it works without
   * JavaScript and nothing is replaced when the script takes over.
   */
  conditional?: { hiddenFor: string; content: ReactNode };
}

/** The id of a radio option, also the target of error-summary links. */
export const radioId = (name: string, value: string) => `${name}-${value.toLowerCase()}`;

export function RadioGroup({
  name,
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  defaultValue,
  required,
  inline,
  conditional,
}: RadioGroupProps) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <fieldset className="fieldset" aria-describedby={describedBy(name, hint, error)}>
        <legend className="field__label">{legend}</legend>
        {hint && (
          <div id={`${name}-hint`} className="field__hint">
            {hint}
          </div>
        )}
        {error && <ErrorMessage id={`${name}-error`}>{error}</ErrorMessage>}
        <div className={inline ? "radios radios--inline" : "radios"}>
          {options.map((o) => (
            <div key={o.value} className="radios__group">
              <div className="radios__item">
                <input
                  className="radios__input"
                  type="radio"
                  id={radioId(name, o.value)}
                  name={name}
                  value={o.value}
                  {...(onChange
                    ? { checked: value === o.value, onChange: () => onChange(o.value) }
                    : { defaultChecked: defaultValue === o.value })}
                  required={required}
                  aria-invalid={error ? true : undefined}
                  data-hides-conditional={conditional?.hiddenFor === o.value ? "" : undefined}
                />
                <label className="radios__label" htmlFor={radioId(name, o.value)}>
                  {o.label}
                </label>
              </div>
            </div>
          ))}
        </div>
        {conditional && <div className="radios__conditional">{conditional.content}</div>}
      </fieldset>
    </div>
  );
}

type NamedInputProps = Omit<InputProps, "id" | "label" | "type">;

/** The e-mail address both forms ask for (another one, a doctor's, with its own label). */
export function EmailField(props: NamedInputProps & { id?: string; label?: string }) {
  const locale = useLocale();
  return (
    <TextField
      id="email"
      label={m.form_email_label({}, { locale })}
      type="email"
      autoComplete="email"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** A required phone number (checked for real by the server only). */
export function PhoneField({ id, label, ...props }: NamedInputProps & { id: string; label: string }) {
  return <TextField id={id} label={label} type="tel" required className="field__input--medium" {...props} />;
}

interface DateInputProps {
  /** The group's id: its hint and error are `<id>-hint` and `<id>-error`. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** One error for the whole date. */
  error?: string;
  required?: boolean;
  /** The boxes in order (day, month, year): each posts under its own name, which is also its id. */
  items: readonly {
    name: string;
    label: string;
    value: string;
    onChange: (value: string) => void;
    autoComplete: string;
    /** Characters wide: 2 for a day or month, 4 for a year. */
    width: 2 | 4;
  }[];
}

/**
 * A date typed in three boxes, the GOV.UK date input: one fieldset with its
 * legend, hint and one error, and a short numeric box for each part, so no
 * browser's date picker decides the order of day and month.
 */
export function DateInput({ id, legend, hint, error, required, items }: DateInputProps) {
  return (
    <div className={error ? "field field--error" : "field"}>
      {/* role=group: VoiceOver reads the legend with each box only with it (as GOV.UK does). */}
      <fieldset className="fieldset" role="group" aria-describedby={describedBy(id, hint, error)}>
        <legend className="field__label">{legend}</legend>
        {hint && (
          <div id={`${id}-hint`} className="field__hint">
            {hint}
          </div>
        )}
        {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
        <div className="date-input" id={id}>
          {items.map((item) => (
            <div key={item.name} className="date-input__item">
              <label className="date-input__label" htmlFor={item.name}>
                {item.label}
              </label>
              <input
                id={item.name}
                name={item.name}
                className={`field__input date-input__input date-input__input--${item.width}`}
                type="text"
                inputMode="numeric"
                autoComplete={item.autoComplete}
                spellCheck={false}
                value={item.value}
                onChange={(e) => item.onChange(e.target.value)}
                required={required}
                aria-invalid={error ? true : undefined}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
