import { useId, useState, type ChangeEventHandler } from 'react';
import { TEXT } from '../../../i18n/es/app';
import { Icon } from './icons';

export interface LightFieldProps {
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  /** The message under the field; the field is then invalid. */
  error?: string;
  required?: boolean;
  /** A password field with a show/hide toggle. */
  password?: boolean;
}

/**
 * MUI's outlined text field drawn without MUI (door.css): the floating label, the notched outline, the message under
 * it, and their ids and ARIA (the label for the input, aria-invalid, aria-describedby).
 */
export function LightField({ label, value, onChange, type, autoComplete, error, required, password }: LightFieldProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const messageId = error ? `${id}-message` : undefined;
  const shrink = focused || value !== '';
  const state = `${focused ? ' door-focused' : ''}${error ? ' door-error' : ''}`;
  return (
    <div className="door-field">
      <label htmlFor={id} id={`${id}-label`} className={`door-label${shrink ? ' door-shrink' : ''}${state}`}>
        {label}
        {required && (
          <span aria-hidden="true" className="door-asterisk">
            {'\u2009*'}
          </span>
        )}
      </label>
      <div className={`door-input-root${password ? ' door-adorned' : ''}${state}`}>
        <input
          id={id}
          className="door-input"
          type={password ? (visible ? 'text' : 'password') : type}
          autoComplete={autoComplete}
          value={value}
          onChange={onChange}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          required={required}
          aria-invalid={Boolean(error)}
          aria-describedby={messageId}
        />
        {password && (
          <div className="door-adornment">
            <button
              type="button"
              className="door-icon-button"
              aria-label={visible ? TEXT.password.hide : TEXT.password.show}
              onClick={() => setVisible((v) => !v)}
              onMouseDown={(e) => e.preventDefault()}
            >
              <Icon name={visible ? 'hide' : 'show'} />
            </button>
          </div>
        )}
        <fieldset aria-hidden="true" className="door-outline">
          <legend className={shrink ? 'door-notched' : undefined}>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={messageId} className="door-field-message">
          {error}
        </p>
      )}
    </div>
  );
}
